import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { InjectRepository, Stored, TenantRepository, TrackedScope, UniqueKeyLookup } from '@app/database';
import { notFound } from '@app/errors';
import { Asset } from './asset.schema';
import { Tracker } from './tracker.schema';

export type StoredAsset = Stored<Asset>;
export type StoredTracker = Stored<Tracker>;

/** A caller whose tracker scope is known (a request's `AuthContext`, or `scopeOfClient`). */
type Caller = TrackedScope;

/**
 * Assets and trackers as a caller may see them: their client's, and within their tracker scope
 * (an asset is in scope when its main tracker is; with a limited scope, an asset without a main
 * tracker is not). Anything else reads as missing. The repositories apply both rules. "In service"
 * leaves archived assets out: what a new record may reference (a work order, an inspection, a
 * scan) and what statistics and trips cover. The records of an asset are read through their own
 * repositories (`AssetOwnedDataModule`), which keep archived assets' history readable.
 */
@Injectable()
export class AssetDirectory {
  // `{vendorId}` is unique across the platform: a lookup; the client and scope are compared in code.
  private readonly trackerByVendorId: UniqueKeyLookup<Tracker>;

  constructor(
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    @InjectRepository(Tracker) private readonly trackers: TenantRepository<Tracker>,
  ) {
    this.trackerByVendorId = trackers.lookupBy('vendorId');
  }

  /** The asset if it is the caller's, in their scope and not archived (a read-only record). */
  async findAssetInService(caller: Caller, assetId: unknown): Promise<StoredAsset | null> {
    const asset = await this.assets.findById(caller, assetId);
    return asset && !asset.archivedAt ? asset : null;
  }

  /** As findAssetInService, but the asset must be there: unknown, another client's, archived or outside the caller's trackers is a 404. */
  async findAssetInServiceOrFail(caller: Caller, assetId: unknown): Promise<StoredAsset> {
    const asset = await this.findAssetInService(caller, assetId);
    if (!asset) throw notFound('Asset');
    return asset;
  }

  /** The assets in service among `assetIds` that the caller may see, in the order asked; others are skipped. */
  async findAssetsInService(caller: Caller, assetIds: readonly string[]): Promise<StoredAsset[]> {
    const found = (await this.assets.findByIds(caller, assetIds)).filter((asset) => !asset.archivedAt);
    const byId = new Map(found.map((asset) => [asset._id.toHexString(), asset]));
    return [...new Set(assetIds.map((id) => id.toLowerCase()))].flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * As findAssetsInService, but every one must be there: an asset unknown, another client's,
   * archived or outside the caller's trackers is a 404 (`Asset <id> not found`, the first such).
   */
  async findAssetsInServiceOrFail(caller: Caller, assetIds: readonly string[]): Promise<StoredAsset[]> {
    const assets = await this.findAssetsInService(caller, assetIds);
    if (assets.length !== new Set(assetIds.map((id) => id.toLowerCase())).size) {
      const found = new Set(assets.map((a) => a._id.toHexString()));
      throw notFound(`Asset ${assetIds.find((id) => !found.has(id.toLowerCase()))}`);
    }
    return assets;
  }

  /** The assets among `assetIds` the caller may see, archived ones too (a record's history names its asset), by id. */
  async findAssetsByIds(caller: Caller, assetIds: readonly Types.ObjectId[]): Promise<Map<string, StoredAsset>> {
    const assets = await this.assets.findByIds(caller, [...new Set(assetIds.map(String))]);
    return new Map(assets.map((asset) => [asset._id.toHexString(), asset]));
  }

  /** The visible, not archived asset whose main tracker this is, if any (its id only). */
  findAssetOfTracker(caller: Caller, trackerId: Types.ObjectId): Promise<Pick<StoredAsset, '_id'> | null> {
    // Few assets per client: this filter scans on mongo-java-server, but only the assets collection.
    // `archivedAt: null` also matches assets stored before the field existed.
    return this.assets.findOne(caller, { mainTrackerId: trackerId, archivedAt: null }, { projection: { _id: 1 } });
  }

  async findTrackersByIds(caller: Caller, trackerIds: readonly Types.ObjectId[]): Promise<Map<string, StoredTracker>> {
    const trackers = await this.trackers.findByIds(caller, trackerIds.map(String));
    return new Map(trackers.map((tracker) => [tracker._id.toHexString(), tracker]));
  }

  /** Each asset with its main tracker, in their order; an asset without one the caller sees is left out. */
  async withMainTrackers<A extends Pick<StoredAsset, 'mainTrackerId'>>(
    caller: Caller,
    assets: readonly A[],
  ): Promise<Array<{ asset: A; tracker: StoredTracker }>> {
    const tracked = assets.filter((asset) => asset.mainTrackerId);
    const trackers = await this.findTrackersByIds(
      caller,
      tracked.map((asset) => asset.mainTrackerId!),
    );
    return tracked.flatMap((asset) => {
      const tracker = trackers.get(asset.mainTrackerId!.toHexString());
      return tracker ? [{ asset, tracker }] : [];
    });
  }

  /** The asset's main tracker, if it has one the caller sees. */
  async mainTrackerOf(caller: Caller, asset: Pick<StoredAsset, 'mainTrackerId'>): Promise<StoredTracker | undefined> {
    return (await this.withMainTrackers(caller, [asset]))[0]?.tracker;
  }

  /** The tracker with this vendor id, if it is the caller's and in their scope. */
  findVisibleTrackerByVendorId(caller: Caller, vendorId: number): Promise<StoredTracker | null> {
    return this.trackerByVendorId.find(caller, String(vendorId));
  }
}
