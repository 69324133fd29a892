import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { PositionStatsDto } from '../dto/position-stats.dto';
import { PositionStatsView } from './position-stats.view';
import { resolveStatsRange } from '../../telemetry/stats-range';
import { combineTrackers, positionFigures } from './stats-figures';
import { AssetSummaries } from './asset-summaries';

@Injectable()
export class PositionStatsService {
  constructor(private readonly summaries: AssetSummaries) {}

  async stats(auth: AuthContext, body: PositionStatsDto): Promise<PositionStatsView> {
    const range = resolveStatsRange(body.from, body.to, auth.client.timeZone);
    const summed = await this.summaries.over(auth, body.assetIds, range);
    return {
      assetsPositionsStats: summed.map(({ head, summary }) => ({ ...head, stats: positionFigures(summary) })),
      globalStats: positionFigures(combineTrackers(summed.map(({ summary }) => summary))),
    };
  }
}
