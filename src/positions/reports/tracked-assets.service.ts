import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { AssetDirectory, StoredAsset, StoredTracker } from '@app/fleet';
import { deviceOf, type TelemetryDevice } from '../telemetry/telemetry-source';

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
    const assets = await this.directory.findAssetsInService(auth, assetIds);
    return (await this.directory.withMainTrackers(auth, assets)).map(({ asset, tracker }) => ({ asset, tracker, device: deviceOf(tracker) }));
  }
}
