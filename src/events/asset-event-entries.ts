import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { findByIdChunks } from '@app/database';
import { assetDayId, DAY_S } from './event-ids';
import { FleetEventIndex } from './schemas/fleet-event-index.schema';

/** An event as an asset's day index lists it. */
export interface AssetEventEntry {
  id: string;
  type: string;
  /** unix seconds */
  at: number;
}

/**
 * The events of some types of given assets over a period, from the assets' day index documents
 * read by `_id` (one read for all of them), each asset's oldest first. The caller has checked
 * that it may see the assets.
 */
@Injectable()
export class AssetEventEntries {
  constructor(@InjectModel(FleetEventIndex.name) private readonly index: Model<FleetEventIndex>) {}

  async of(assetIds: readonly Types.ObjectId[], types: ReadonlySet<string>, fromS: number, toS: number): Promise<Map<string, AssetEventEntry[]>> {
    const answer = new Map<string, AssetEventEntry[]>(assetIds.map((id) => [id.toHexString(), []]));
    const ids: Types.ObjectId[] = [];
    for (let day = Math.floor(fromS / DAY_S) * DAY_S; day <= toS; day += DAY_S) for (const assetId of assetIds) ids.push(assetDayId(assetId, day));
    if (ids.length === 0) return answer;
    const docs = await findByIdChunks<FleetEventIndex>(this.index.collection, ids, { entries: 1 });
    const seen = new Set<string>();
    for (const entry of docs.flatMap((doc) => doc.entries)) {
      const at = entry.at.getTime() / 1000;
      const id = entry.id.toHexString();
      if (!types.has(entry.type) || at < fromS || at > toS || seen.has(id)) continue;
      seen.add(id);
      answer.get(entry.assetId.toHexString())?.push({ id, type: entry.type, at });
    }
    for (const entries of answer.values()) entries.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    return answer;
  }
}
