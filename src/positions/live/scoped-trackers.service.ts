import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import { ExpiringCache, InjectRepository, TenantQuery, TenantRepository } from '@app/database';
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
 * The caller's assets in service with a main tracker (their client, their tracker scope: the repository
 * applies both), optionally only some of them or one group's, with the tracker's vendor id.
 *
 * Kept for READ_CACHE_TTL_SECONDS (3 s) per client, tracker scope and filter: every map refresh
 * of 1 000 assets otherwise reads and sorts the client's assets and their trackers again
 * (docs/performance.md, "Live positions and tracks"), while assets and trackers change rarely. An asset added,
 * renamed or re-tracked shows within that lifetime on every instance; a caller whose trackers
 * change gets another key, so a narrowed scope applies at once. Positions are never cached.
 */
@Injectable()
export class ScopedTrackers {
  private readonly recent: ExpiringCache<ScopedTracker[]>;

  constructor(
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly directory: AssetDirectory,
    config: AppConfig,
  ) {
    this.recent = new ExpiringCache(config.readCacheTtlMs, 1000);
  }

  /** The caller's tracked assets by name; the list is shared between callers: read-only. */
  resolve(auth: AuthContext, filter: TrackerFilter = {}): Promise<readonly ScopedTracker[]> {
    // Hashed: a scope or an `assetIds` of a thousand ids would make keys of kilobytes.
    const scope = auth.trackerScope.isAll ? '*' : auth.trackerScope.trackerIds!.join(',');
    const digest = createHash('sha256')
      .update(`${scope}|${filter.assetIds?.join(',') ?? ''}|${filter.groupId ?? ''}`)
      .digest('base64url');
    const key = `${auth.clientId.toHexString()}|${digest}`;
    return this.recent.get(key, () => this.read(auth, filter));
  }

  private async read(auth: AuthContext, filter: TrackerFilter): Promise<ScopedTracker[]> {
    // Archived assets are off the map, as they are out of scans and statistics.
    const query: TenantQuery<Asset> = { mainTrackerId: { $exists: true, $ne: null }, archivedAt: null };
    if (filter.assetIds) query._id = { $in: filter.assetIds.map((id) => new Types.ObjectId(id)) };
    if (filter.groupId) query.groupIds = new Types.ObjectId(filter.groupId);
    const assets = await this.assets.find(auth, query, {
      projection: { name: 1, plate: 1, mainTrackerId: 1, clientId: 1 },
      sort: { name: 1 },
      limit: MAX_SCOPED_ASSETS,
    });
    return (await this.directory.withMainTrackers(auth, assets)).map(({ asset, tracker }) => ({
      assetId: asset._id.toHexString(),
      assetName: asset.name,
      licensePlate: asset.plate ?? '',
      trackerId: tracker._id.toHexString(),
      vendorId: tracker.vendorId,
    }));
  }
}
