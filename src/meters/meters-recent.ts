import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { AssetMetersRecent, RecentCount } from './schemas/asset-meters-recent.schema';

const partitionId = (partition: number) => `p:${partition}`;

/** An asset's recent count, where its partition keeps it. */
export interface RecentEntry extends RecentCount {
  partition: number;
  assetId: string;
}

/**
 * The recent counts of the meters (`asset_meters_recent`, see its schema): written a partition at
 * a time, read for the assets a reader asks about. Keyed by partition, not by client: reached
 * after the caller's scope has named the assets, like the telemetry buckets.
 */
@Injectable()
export class MetersRecent {
  constructor(@InjectModel(AssetMetersRecent.name) private readonly model: Model<AssetMetersRecent>) {}

  /** One write per partition: the entries set, those of `removed` taken out. */
  async write(entries: readonly RecentEntry[], removed: ReadonlyArray<Pick<RecentEntry, 'partition' | 'assetId'>> = []): Promise<void> {
    const byPartition = new Map<number, { $set: Record<string, RecentCount>; $unset: Record<string, ''> }>();
    const of = (partition: number) => {
      let update = byPartition.get(partition);
      if (!update) byPartition.set(partition, (update = { $set: {}, $unset: {} }));
      return update;
    };
    for (const { partition, assetId, km, hours, foldSeq, at } of entries) of(partition).$set[`assets.${assetId}`] = { km, hours, foldSeq, at };
    for (const { partition, assetId } of removed) if (!(`assets.${assetId}` in of(partition).$set)) of(partition).$unset[`assets.${assetId}`] = '';
    const ops = [...byPartition].map(([partition, { $set, $unset }]) => ({
      updateOne: {
        filter: { _id: partitionId(partition) },
        update: { ...(Object.keys($set).length > 0 ? { $set } : {}), ...(Object.keys($unset).length > 0 ? { $unset } : {}) },
        upsert: true,
      },
    }));
    if (ops.length > 0) await this.model.collection.bulkWrite(ops as never[], { ordered: false });
  }

  /** The recent counts of these assets (asset id → its tracker's partition), by asset id. */
  async of(partitionOfAsset: ReadonlyMap<string, number>): Promise<Map<string, RecentCount>> {
    const found = new Map<string, RecentCount>();
    if (partitionOfAsset.size === 0) return found;
    const partitions = [...new Set(partitionOfAsset.values())].map(partitionId);
    const projection = Object.fromEntries([...partitionOfAsset.keys()].map((id) => [`assets.${id}`, 1]));
    for (const doc of await this.model.collection.find<AssetMetersRecent>({ _id: { $in: partitions } } as never, { projection }).toArray()) {
      for (const [assetId, count] of Object.entries(doc.assets ?? {}))
        if (partitionOfAsset.get(assetId) === Number(doc._id.slice(2))) found.set(assetId, count);
    }
    return found;
  }
}
