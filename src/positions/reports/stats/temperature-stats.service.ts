import { Inject, Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { TemperatureStatsQueryDto } from '../dto/temperature-stats-query.dto';
import { TELEMETRY_SOURCE, TelemetryRange, TelemetrySource } from '../../telemetry/telemetry-source';
import { resolveStatsRange } from '../../telemetry/stats-range';
import { temperatureFigures } from './stats-figures';
import { TemperatureStatsView } from './temperature-stats.view';
import { TrackedAssets } from '../tracked-assets.service';

@Injectable()
export class TemperatureStatsService {
  constructor(
    private readonly tracked: TrackedAssets,
    @Inject(TELEMETRY_SOURCE) private readonly source: TelemetrySource,
  ) {}

  stats(auth: AuthContext, query: TemperatureStatsQueryDto, assetIds: string[]): Promise<TemperatureStatsView> {
    return this.ofRange(auth, assetIds, resolveStatsRange(query.from, query.to, auth.client.timeZone));
  }

  /** The statistics over a range already checked (a scheduled month may have 31 days). */
  async ofRange(auth: AuthContext, assetIds: readonly string[], range: TelemetryRange): Promise<TemperatureStatsView> {
    const assets = await this.tracked.resolve(auth, assetIds);
    const summaries = await this.source.summaries(
      assets.map((a) => a.device),
      range,
      { requestId: auth.request.requestId },
    );
    return {
      assetsTemperatureStats: assets.map(({ asset, tracker }, i) => ({
        assetId: asset._id.toHexString(),
        assetName: asset.name,
        licensePlate: asset.plate,
        vendorId: tracker.vendorId,
        ...temperatureFigures(summaries[i]),
      })),
    };
  }
}
