import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { AuthPrincipal } from '@app/auth';
import { BatchedLookup, Stored, TenantRepository } from '@app/database';
import { isObjectIdString } from '@app/http';
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
  // One asset per request on busy paths (scans, work orders): read per event-loop turn by one query.
  private readonly assetById: BatchedLookup<StoredAsset>;

  constructor(
    @InjectModel(Asset.name) assetModel: Model<Asset>,
    @InjectModel(Tracker.name) private readonly trackerModel: Model<Tracker>,
  ) {
    this.assets = new TenantRepository(assetModel);
    this.trackers = new TenantRepository(trackerModel);
    this.assetById = new BatchedLookup(
      (ids) => assetModel.find({ _id: { $in: ids } }).lean<StoredAsset[]>().exec(),
      (asset) => asset._id.toHexString(),
    );
  }

  inScope(caller: Caller, asset: Pick<Asset, 'mainTrackerId'>): boolean {
    return caller.trackerScope.isAll || caller.trackerScope.includes(asset.mainTrackerId);
  }

  /** The asset if it is the caller's and in their scope (a read-only record). */
  async findVisibleAsset(caller: Caller, assetId: unknown): Promise<StoredAsset | null> {
    if (!isObjectIdString(assetId)) return null;
    const asset = await this.assetById.find(assetId.toLowerCase());
    return asset && caller.clientId.equals(asset.clientId) && this.inScope(caller, asset) ? asset : null;
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
