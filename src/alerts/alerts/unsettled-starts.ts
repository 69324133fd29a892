import { Injectable } from '@nestjs/common';
import { Types, type UpdateQuery } from 'mongoose';
import { groupBy, InjectRepository, Stored, TenantRepository, TenantScope } from '@app/database';
import { UnsettledStarts } from '../schemas/unsettled-starts.schema';

/** An alert or a waiting opening of an asset that an end event may settle. */
export interface UnsettledStart {
  assetId: Types.ObjectId;
  id: Types.ObjectId;
}

type Register = Stored<UnsettledStarts>;

/**
 * Per asset, the ids of what its end events may settle (schemas/unsettled-starts.schema.ts): added
 * with the alert or opening, read by an end's batch in one lookup, removed once settled.
 */
@Injectable()
export class UnsettledStartsRegister {
  constructor(@InjectRepository(UnsettledStarts) private readonly registers: TenantRepository<UnsettledStarts>) {}

  /** Adds ids (one upsert per asset, all in one bulk write); an id already there stays once. */
  add(scope: TenantScope, starts: readonly UnsettledStart[]): Promise<void> {
    return this.changeEach(scope, starts, (ids) => ({ $addToSet: { ids: { $each: ids } } }));
  }

  /** The registers of these assets (reads by `_id`). */
  of(scope: TenantScope, assetIds: readonly Types.ObjectId[]): Promise<Register[]> {
    return this.registers.findByIds(
      scope,
      assetIds.map((id) => id.toHexString()),
    );
  }

  /** Removes settled ids (one update per asset, all in one bulk write). */
  remove(scope: TenantScope, settled: readonly UnsettledStart[]): Promise<void> {
    return this.changeEach(scope, settled, (ids) => ({ $pullAll: { ids } }));
  }

  /**
   * One upsert per asset by `{_id, clientId}` (the unique index's keys: a lookup), in one bulk
   * write; twice at most: an upsert that met another writer's insert of the same asset's document
   * finds it the second time.
   */
  private async changeEach(
    scope: TenantScope,
    starts: readonly UnsettledStart[],
    update: (ids: Types.ObjectId[]) => UpdateQuery<UnsettledStarts>,
  ): Promise<void> {
    let changes = [
      ...groupBy(
        starts,
        (start) => start.assetId.toHexString(),
        (start) => start.id,
      ),
    ].map(([asset, ids]) => {
      const assetId = new Types.ObjectId(asset);
      return { filter: { _id: assetId }, update: { $setOnInsert: { assetId }, ...update(ids) } };
    });
    for (let round = 0; round < 2 && changes.length > 0; round++) {
      const { duplicates } = await this.registers.upsertEach(scope, changes);
      changes = changes.filter((_, index) => duplicates.has(index));
    }
    if (changes.length > 0) throw new Error(`the unsettled starts of ${changes.length} asset(s) could not be written`);
  }
}
