import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { InjectRepository, isDuplicateKeyError, TenantRepository, type TenantScope } from '@app/database';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { TripReportExport, TripReportExportGeneration } from '../schemas/trip-report-export.schema';

/** How many recent raisers a generation remembers (a resumed change is at most this far back). */
const REMEMBERED_RAISERS = 50;

export interface CachedExport {
  contentType: string;
  content: Buffer;
  rows: number;
}

/**
 * The per-client cache of built trip report exports. An entry is served only while its
 * generation is the client's current one and no price change of the client is pending (a pending
 * change's costs are being re-valued, so an export built now or before could mix prices).
 */
@Injectable()
export class TripReportExportCache {
  constructor(
    @InjectRepository(TripReportExport) private readonly exports: TenantRepository<TripReportExport>,
    // One document per client whose `_id` is the client id: every read names the caller's client.
    @InjectModel(TripReportExportGeneration.name) private readonly generations: Model<TripReportExportGeneration>,
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
  ) {}

  /** The generation to pass to `put` for an export built from now on. */
  async generation(scope: TenantScope): Promise<number> {
    const current = await this.generations.findById(scope.clientId).lean().exec();
    return current?.generation ?? 0;
  }

  async get(scope: TenantScope, key: string): Promise<CachedExport | null> {
    const [entry, generation, pending] = await Promise.all([this.exports.findOne(scope, { key }), this.generation(scope), this.hasPendingChange(scope)]);
    // An entry that does not say its rows is built again: the answer tells how many.
    if (!entry || entry.generation !== generation || pending || typeof entry.rows !== 'number') return null;
    return { contentType: entry.contentType, content: asBuffer(entry.content), rows: entry.rows };
  }

  /** Stores an export built at `generation`; dropped if the client's exports went stale meanwhile. */
  async put(scope: TenantScope, key: string, generation: number, value: CachedExport): Promise<boolean> {
    if (generation !== (await this.generation(scope)) || (await this.hasPendingChange(scope))) return false;
    await this.exports.updateOne(
      scope,
      { key },
      { $set: { generation, contentType: value.contentType, content: value.content, rows: value.rows, createdAt: new Date() } },
      { upsert: true },
    );
    return true;
  }

  /**
   * Makes every cached export of the client stale, once per `changeId` (idempotent: a resumed
   * change calls it again), and deletes the stale entries.
   */
  async invalidate(scope: TenantScope, changeId: string): Promise<void> {
    try {
      await this.generations
        .updateOne(
          { _id: scope.clientId, raisedBy: { $ne: changeId } },
          { $inc: { generation: 1 }, $push: { raisedBy: { $each: [changeId], $slice: -REMEMBERED_RAISERS } } },
          { upsert: true },
        )
        .exec();
    } catch (error) {
      // The filter missed because this change already raised it; the upsert then hit the _id.
      if (!isDuplicateKeyError(error)) throw error;
    }
    await this.exports.deleteMany(scope, { generation: { $lt: await this.generation(scope) } });
  }

  private hasPendingChange(scope: TenantScope): Promise<boolean> {
    return this.changes.exists(scope, { state: 'pending' });
  }
}

/** A lean read returns BSON `Binary` for a Buffer field; its `buffer` holds the bytes. */
function asBuffer(content: unknown): Buffer {
  if (Buffer.isBuffer(content)) return content;
  const bytes = (content as { buffer: Uint8Array }).buffer;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
