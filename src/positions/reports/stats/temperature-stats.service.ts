import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { TemperatureStatsQueryDto } from '../dto/temperature-stats-query.dto';
import type { TelemetryRange } from '../../telemetry/telemetry-source';
import { resolveStatsRange } from '../../telemetry/stats-range';
import { temperatureFigures } from './stats-figures';
import { TemperatureStatsView } from './temperature-stats.view';
import { AssetSummaries } from './asset-summaries';

@Injectable()
export class TemperatureStatsService {
  constructor(private readonly summaries: AssetSummaries) {}

  stats(auth: AuthContext, query: TemperatureStatsQueryDto, assetIds: string[]): Promise<TemperatureStatsView> {
    return this.ofRange(auth, assetIds, resolveStatsRange(query.from, query.to, auth.client.timeZone));
  }

  /** The statistics over a range already checked (a scheduled month may have 31 days). */
  async ofRange(auth: AuthContext, assetIds: readonly string[], range: TelemetryRange): Promise<TemperatureStatsView> {
    const summed = await this.summaries.over(auth, assetIds, range);
    return { assetsTemperatureStats: summed.map(({ head, summary }) => ({ ...head, ...temperatureFigures(summary) })) };
  }
}
