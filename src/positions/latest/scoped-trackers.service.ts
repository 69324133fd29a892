import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { Asset, AssetDirectory } from '@app/fleet';

/** An asset of the caller with its main tracker: what the latest positions and the stream show. */
export interface ScopedTracker {
  assetId: string;
  assetName: string;
  licensePlate: string;
  trackerId: string;
  vendorId: number;
}

export interface TrackerFilter {
  assetIds?: string[];
  groupId?: string;
}

/** The most assets one latest-positions answer or stream covers. */
export const MAX_SCOPED_ASSETS = 10_000;

/**
 * The caller's assets with a main tracker (their client, their tracker scope: the repository
 * applies both), optionally only some of them or one group's, with the tracker's vendor id.
 */
@Injectable()
export class ScopedTrackers {
  constructor(
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly directory: AssetDirectory,
  ) {}

  async resolve(auth: AuthContext, filter: TrackerFilter = {}): Promise<ScopedTracker[]> {
    const query: Record<string, unknown> = { mainTrackerId: { $exists: true, $ne: null } };
    if (filter.assetIds) query._id = { $in: filter.assetIds.map((id) => new Types.ObjectId(id)) };
    if (filter.groupId) query.groupIds = new Types.ObjectId(filter.groupId);
    const assets = await this.assets.find(auth, query, { projection: { name: 1, plate: 1, mainTrackerId: 1, clientId: 1 }, sort: { name: 1 }, limit: MAX_SCOPED_ASSETS });
    const trackers = await this.directory.findTrackersByIds(auth, assets.map((asset) => asset.mainTrackerId!));
    return assets.flatMap((asset) => {
      const tracker = trackers.get(asset.mainTrackerId!.toHexString());
      if (!tracker) return [];
      return [{ assetId: asset._id.toHexString(), assetName: asset.name, licensePlate: asset.plate ?? '', trackerId: tracker._id.toHexString(), vendorId: tracker.vendorId }];
    });
  }
}
