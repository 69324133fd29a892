import { Inject, Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { PositionStatsDto } from '../dto/position-stats.dto';
import { TELEMETRY_SOURCE, TelemetrySource } from '../../telemetry/telemetry-source';
import { PositionStatsView } from './position-stats.view';
import { resolveStatsRange } from '../../telemetry/stats-range';
import { combineTrackers, positionFigures } from './stats-figures';
import { TrackedAssets } from '../tracked-assets.service';

@Injectable()
export class PositionStatsService {
  constructor(
    private readonly tracked: TrackedAssets,
    @Inject(TELEMETRY_SOURCE) private readonly source: TelemetrySource,
  ) {}

  async stats(auth: AuthContext, body: PositionStatsDto): Promise<PositionStatsView> {
    const range = resolveStatsRange(body.from, body.to, auth.client.timeZone);
    const assets = await this.tracked.resolve(auth, body.assetIds);
    const summaries = await this.source.summaries(
      assets.map((a) => a.device),
      range,
      { requestId: auth.request.requestId },
    );
    return {
      assetsPositionsStats: assets.map(({ asset, tracker }, i) => ({
        assetId: asset._id.toHexString(),
        assetName: asset.name,
        licensePlate: asset.plate,
        vendorId: tracker.vendorId,
        stats: positionFigures(summaries[i]),
      })),
      globalStats: positionFigures(combineTrackers(summaries)),
    };
  }
}
