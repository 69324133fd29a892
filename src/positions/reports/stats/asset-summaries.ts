import { Inject, Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import type { StoredAsset } from '@app/fleet';
import { TELEMETRY_SOURCE, TelemetryRange, TelemetrySource } from '../../telemetry/telemetry-source';
import type { TelemetrySummary } from '../../telemetry/telemetry-summary';
import { TrackedAssets } from '../tracked-assets.service';

/** Who a row of the statistics is about: the asset, and the tracker that told. */
export interface AssetStatsHead {
  assetId: string;
  assetName: string;
  licensePlate: StoredAsset['plate'];
  vendorId: number;
}

/** The asked assets' telemetry summaries over a range: what the position and temperature statistics figure from. */
@Injectable()
export class AssetSummaries {
  constructor(
    private readonly tracked: TrackedAssets,
    @Inject(TELEMETRY_SOURCE) private readonly source: TelemetrySource,
  ) {}

  /** Each asset the caller may ask about with its main tracker's summary, in the order asked (the others skipped). */
  async over(auth: AuthContext, assetIds: readonly string[], range: TelemetryRange): Promise<Array<{ head: AssetStatsHead; summary: TelemetrySummary }>> {
    const assets = await this.tracked.resolve(auth, assetIds);
    const summaries = await this.source.summaries(
      assets.map((a) => a.device),
      range,
      { requestId: auth.request.requestId },
    );
    return assets.map(({ asset, tracker }, i) => ({
      head: { assetId: asset._id.toHexString(), assetName: asset.name, licensePlate: asset.plate, vendorId: tracker.vendorId },
      summary: summaries[i],
    }));
  }
}
