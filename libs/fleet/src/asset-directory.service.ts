import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { AuthPrincipal } from '@app/auth';
import { AppConfig } from '@app/config';
import { Stored, TenantRepository } from '@app/database';
import { Asset } from './asset.schema';
import { Tracker } from './tracker.schema';

export type StoredAsset = Stored<Asset>;
export type StoredTracker = Stored<Tracker>;

type Caller = Pick<AuthPrincipal, 'clientId' | 'trackerScope'>;

/**
 * Assets and trackers as a caller may see them: their client's, and within their tracker scope
 * (an asset is in scope when its main tracker is; with a limited scope, an asset without a main
 * tracker is not). Anything else reads as missing.
 */
@Injectable()
export class AssetDirectory {
  private readonly assets: TenantRepository<Asset>;
  private readonly trackers: TenantRepository<Tracker>;

  constructor(
    @InjectModel(Asset.name) assetModel: Model<Asset>,
    @InjectModel(Tracker.name) private readonly trackerModel: Model<Tracker>,
    config: AppConfig,
  ) {
    // One asset per request on busy paths (scans, work orders): read per event-loop turn by one
    // query, and reused for a few seconds (this API never writes assets; seeds and tools do).
    this.assets = new TenantRepository(assetModel, { batchReadsById: true, cacheReadsByIdMs: config.readCacheTtlMs });
    this.trackers = new TenantRepository(trackerModel);
  }

  inScope(caller: Caller, asset: Pick<Asset, 'mainTrackerId'>): boolean {
    return caller.trackerScope.isAll || caller.trackerScope.includes(asset.mainTrackerId);
  }

  /** The asset if it is the caller's and in their scope (a read-only record). */
  async findVisibleAsset(caller: Caller, assetId: unknown): Promise<StoredAsset | null> {
    const asset = await this.assets.findOwnedById(caller.clientId, assetId);
    return asset && this.inScope(caller, asset) ? asset : null;
  }

  /** The visible assets among `assetIds`, in the order asked; others are skipped. */
  async findVisibleAssets(caller: Caller, assetIds: readonly string[]): Promise<StoredAsset[]> {
    const found = await this.assets.findOwnedByIds(caller.clientId, assetIds);
    const byId = new Map(found.filter((asset) => this.inScope(caller, asset)).map((a) => [a._id.toHexString(), a]));
    return [...new Set(assetIds.map((id) => id.toLowerCase()))].flatMap((id) => byId.get(id) ?? []);
  }

  async findTrackersByIds(caller: Caller, trackerIds: readonly Types.ObjectId[]): Promise<Map<string, StoredTracker>> {
    const trackers = await this.trackers.findOwnedByIds(caller.clientId, trackerIds.map(String));
    return new Map(trackers.map((tracker) => [tracker._id.toHexString(), tracker]));
  }

  /** The tracker with this vendor id, if it is the caller's and in their scope. */
  async findVisibleTrackerByVendorId(caller: Caller, vendorId: number): Promise<StoredTracker | null> {
    const tracker = await this.trackerModel.findOne({ vendorId }).lean<StoredTracker>().exec();
    if (!tracker || !caller.clientId.equals(tracker.clientId) || !caller.trackerScope.includes(tracker._id)) return null;
    return tracker;
  }
}
