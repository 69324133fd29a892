import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { AssetDirectory, StoredAsset, StoredTracker } from '@app/fleet';
import type { TelemetryDevice } from '../telemetry/telemetry-source';

export interface TrackedAsset {
  asset: StoredAsset;
  tracker: StoredTracker;
  device: TelemetryDevice;
}

/**
 * The asked assets the statistics process: the caller's, in their tracker scope, with a main
 * tracker, in the order asked. The others are skipped, not errors (DESIGN.md).
 */
@Injectable()
export class TrackedAssets {
  constructor(private readonly directory: AssetDirectory) {}

  async resolve(auth: AuthContext, assetIds: readonly string[]): Promise<TrackedAsset[]> {
    const assets = (await this.directory.findAssetsInService(auth, assetIds)).filter((asset) => asset.mainTrackerId);
    const trackers = await this.directory.findTrackersByIds(
      auth,
      assets.map((asset) => asset.mainTrackerId!),
    );
    return assets.flatMap((asset) => {
      const tracker = trackers.get(asset.mainTrackerId!.toHexString());
      return tracker ? [{ asset, tracker, device: { trackerId: tracker._id.toHexString(), vendorId: tracker.vendorId } }] : [];
    });
  }
}
