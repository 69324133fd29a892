import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository, UniqueKeyLookup } from '@app/database';
import { checkImportSize } from '@app/sheets';
import { PlaceIndex } from '../place-index.service';
import { newPlace } from '../place-record';
import { MAX_PLACES_PER_CLIENT } from '../places.service';
import { Place, placeExternalKey } from '../schemas/place.schema';
import { CheckedRow, PlaceImportPlan, planImport } from './place-import-plan';
import type { PlaceImportResultView } from './place-import-result.view';
import { MAX_IMPORT_ROWS, PlaceRowProblem, PlaceRows } from './place-rows';
import { validPlace } from './valid-place';

/** Externalids looked up in one query: 150–250 ids an `$in` cost the least on the embedded server. */
const LOOKUP_BATCH = 200;

/**
 * Imports place rows of any format (docs/places.md, "Importing places"): each row validated as
 * `POST /api/places` validates a body, created — or, when its externalId is a place's, that place
 * updated — in one bulk insert and one bulk write; a bad row never stops the others. A dry run
 * answers the same counts and writes nothing.
 */
@Injectable()
export class PlaceImporter {
  private readonly byExternalKey: UniqueKeyLookup<Place>;

  constructor(
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
    private readonly index: PlaceIndex,
    private readonly activity: ActivityRecorder,
  ) {
    // One `$in` on the unique key per import (the lookups of one turn are batched).
    this.byExternalKey = places.lookupBy('externalKey', { batch: true });
  }

  async import(auth: AuthContext, read: PlaceRows, { dryRun }: { dryRun: boolean }): Promise<PlaceImportResultView> {
    const total = read.rows.length + read.problems.length;
    checkImportSize(total, MAX_IMPORT_ROWS, 'places');
    const failed: PlaceRowProblem[] = [...read.problems];
    const checked: CheckedRow[] = [];
    for (const { row, fields } of read.rows) {
      const outcome = await validPlace(fields);
      if ('message' in outcome) failed.push({ row, message: outcome.message });
      else checked.push({ row, place: outcome.place });
    }
    const room = MAX_PLACES_PER_CLIENT - (await this.places.count(auth, {}));
    const plan = planImport(checked, await this.existing(auth, checked), Math.max(0, room), failed);
    if (!dryRun) await this.write(auth, plan);
    const result = {
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged,
      failed: plan.failed.sort((a, b) => a.row - b.row),
    };
    if (!dryRun) await this.activity.imported(auth, 'place', 'Places', total, result);
    return result;
  }

  /** The stored places the rows' externalIds name, by externalId. */
  private async existing(auth: AuthContext, rows: CheckedRow[]): Promise<Map<string, Stored<Place>>> {
    const ids = [...new Set(rows.flatMap(({ place }) => (place.externalId ? [place.externalId] : [])))];
    const found: Array<Stored<Place> | null> = [];
    // The embedded server matches an `$in` in time growing with its square (docs/performance.md): one batch per LOOKUP_BATCH ids.
    for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
      const batch = ids.slice(i, i + LOOKUP_BATCH);
      found.push(...(await Promise.all(batch.map((id) => this.byExternalKey.find(auth, placeExternalKey(auth.clientId, id)!)))));
    }
    return new Map(found.flatMap((place) => (place?.externalId ? [[place.externalId, place] as const] : [])));
  }

  private async write(auth: AuthContext, plan: PlaceImportPlan): Promise<void> {
    const now = new Date();
    const documents = plan.creates.map(({ place }) => ({ _id: new Types.ObjectId(), ...newPlace(auth.clientId, place), createdAt: now, updatedAt: now }));
    // Another writer may have taken an externalId since it was looked up: that row fails, the others stay.
    const taken = await this.places.insertNew(auth, documents);
    const created = plan.creates.filter((_, i) => !taken.has(i));
    for (const i of taken) {
      const { row, place } = plan.creates[i];
      plan.failed.push({ row, message: `externalId "${place.externalId}" is already another place's` });
    }
    plan.creates = created;
    await this.places.updateEach(
      auth,
      plan.updates.map(({ record, set }) => ({ record, update: { $set: { ...set, updatedAt: now } } })),
    );
    if (plan.creates.length + plan.updates.length > 0) {
      const ids = [...documents.filter((_, i) => !taken.has(i)).map((place) => place._id), ...plan.updates.map(({ record }) => record._id)];
      await this.index.changed(
        auth.clientId,
        ids.map((id) => id.toHexString()),
      );
    }
  }
}
