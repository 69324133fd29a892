import { Module } from '@nestjs/common';
import { TelemetrySourceModule } from '../sources/telemetry-source.module';
import { TripsModule } from '../trips/trips.module';
import { PositionStatsService } from './stats/position-stats.service';
import { StatsController } from './stats/stats.controller';
import { TemperatureStatsService } from './stats/temperature-stats.service';
import { StopsReportController } from './stops/stops-report.controller';
import { StopsReportService } from './stops/stops-report.service';
import { TrackedAssets } from './tracked-assets.service';
import { AssetSummaries } from './stats/asset-summaries';

/** Reports over telemetry: position and temperature statistics, stops and idling. */
@Module({
  imports: [TelemetrySourceModule, TripsModule],
  controllers: [StatsController, StopsReportController],
  providers: [TrackedAssets, AssetSummaries, PositionStatsService, TemperatureStatsService, StopsReportService],
  exports: [PositionStatsService, TemperatureStatsService, StopsReportService],
})
export class TelemetryReportsModule {}
