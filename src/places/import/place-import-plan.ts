import type { Stored } from '@app/database';
import type { CreatePlaceDto } from '../dto/create-place.dto';
import { placeChanges } from '../place-record';
import type { Place } from '../schemas/place.schema';
import type { PlaceRowProblem } from './place-rows';

/** A valid row, as the importer found it. */
export interface CheckedRow {
  row: number;
  place: CreatePlaceDto;
}

/** What an import will write: new places, changes of places found by externalId, and the rows refused. */
export interface PlaceImportPlan {
  creates: CheckedRow[];
  updates: Array<{ row: number; record: Stored<Place>; set: Partial<Place> }>;
  unchanged: number;
  failed: PlaceRowProblem[];
}

/**
 * Sorts checked rows into creates, updates and unchanged: a row whose externalId is a stored
 * place's changes the fields it has that differ; a later row repeating an externalId of the file
 * fails; creates beyond `room` (the places the client may still add) fail.
 */
export function planImport(rows: CheckedRow[], existing: Map<string, Stored<Place>>, room: number, failed: PlaceRowProblem[]): PlaceImportPlan {
  const plan: PlaceImportPlan = { creates: [], updates: [], unchanged: 0, failed };
  const firstRowOf = new Map<string, number>();
  for (const { row, place } of rows) {
    const externalId = place.externalId;
    if (externalId) {
      const first = firstRowOf.get(externalId);
      if (first !== undefined) {
        failed.push({ row, message: `externalId "${externalId}" repeats row ${first} of the file` });
        continue;
      }
      firstRowOf.set(externalId, row);
    }
    const record = externalId ? existing.get(externalId) : undefined;
    if (record) {
      const set = differences(record, placeChanges(place));
      if (Object.keys(set).length === 0) plan.unchanged++;
      else plan.updates.push({ row, record, set });
    } else if (plan.creates.length < room) {
      plan.creates.push({ row, place });
    } else {
      failed.push({ row, message: 'Not created: the client would have more than 100 000 places (remove some first)' });
    }
  }
  return plan;
}

/** The changed fields whose stored value differs. */
function differences(record: Stored<Place>, changes: Partial<Place>): Partial<Place> {
  const stored = record as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(stored[key] ?? null)));
}
