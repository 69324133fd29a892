import { Module } from '@nestjs/common';
import { AreaSearchModule } from './area-search/area-search.module';
import { IngestionModule } from './ingestion/ingestion.module';
import { LiveModule } from './live/live.module';
import { TelemetryReportsModule } from './reports/telemetry-reports.module';
import { TelemetrySourceModule } from './sources/telemetry-source.module';
import { TelemetryStoreModule } from './store/telemetry-store.module';
import { TracksModule } from './tracks/tracks.module';
import { TripsModule } from './trips/trips.module';

/**
 * Telemetry, split along what changes together: the store, ingestion (and its per-tracker
 * pipeline), the live map, trips, tracks, the reports and the history by area. Reads go through the store or
 * flespi (`TELEMETRY_SOURCE`).
 */
@Module({
  imports: [TelemetryStoreModule, TelemetrySourceModule, IngestionModule, TripsModule, LiveModule, TracksModule, TelemetryReportsModule, AreaSearchModule],
  exports: [TelemetryStoreModule, TelemetrySourceModule, IngestionModule, LiveModule, TripsModule, TelemetryReportsModule],
})
export class PositionsModule {}
