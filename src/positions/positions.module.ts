import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AppConfig } from '@app/config';
import { ConfiguredFlespiClient, ConfiguredGeocoderClient } from '@app/integrations';
import { FlespiTelemetrySource } from './flespi/flespi-telemetry.source';
import { MessageImporter } from './import/message-importer.service';
import { PositionStatsService } from './stats/position-stats.service';
import { StatsController } from './stats/stats.controller';
import { TemperatureStatsService } from './stats/temperature-stats.service';
import { TrackedAssets } from './stats/tracked-assets.service';
import { StoreTelemetrySource } from './store/store-telemetry.source';
import { StopsReportController } from './stops/stops-report.controller';
import { StopsReportService } from './stops/stops-report.service';
import { IngestTokenGuard } from './ingest/ingest-token.guard';
import { LatestPositionStore } from './ingest/latest-position.store';
import { TelemetryIngestController } from './ingest/telemetry-ingest.controller';
import { TelemetryIngestor } from './ingest/telemetry-ingestor.service';
import { TripRecorder } from './ingest/trip-recorder.service';
import { PositionFeed } from './live/position-feed.service';
import { PositionStreamController } from './live/position-stream.controller';
import { PositionStreams } from './live/position-streams.service';
import { PositionUpdates } from './live/position-updates';
import { LatestPositionCache } from './latest/latest-position-cache';
import { LatestPositionsService } from './latest/latest-positions.service';
import { PositionsController } from './latest/positions.controller';
import { ScopedTrackers } from './latest/scoped-trackers.service';
import { TrackService } from './track/track.service';
import { LatestPosition, LatestPositionSchema } from './store/latest-position.schema';
import { StoredTrip, StoredTripSchema } from './store/stored-trip.schema';
import { TelemetryPointsReader } from './store/telemetry-points.reader';
import { TelemetryDay, TelemetryDaySchema, TelemetryHour, TelemetryHourSchema, TelemetryPeriod, TelemetryPeriodSchema } from './store/telemetry-bucket.schema';
import { TelemetryStoreWriter } from './store/telemetry-store-writer.service';
import { TELEMETRY_SOURCE } from './telemetry/telemetry-source';
import { AddressResolver } from './trips/address-resolver.service';
import { GeocodeCacheEntry, GeocodeCacheEntrySchema } from './trips/geocode-cache.schema';
import { TripsController } from './trips/trips.controller';
import { TripsService } from './trips/trips.service';

// Keyed by tracker (telemetry) or by place (geocodes), not by client: reached after the
// caller's scope has named the trackers.
const telemetryModels = MongooseModule.forFeature([
  { name: TelemetryHour.name, schema: TelemetryHourSchema },
  { name: TelemetryDay.name, schema: TelemetryDaySchema },
  { name: TelemetryPeriod.name, schema: TelemetryPeriodSchema },
  { name: StoredTrip.name, schema: StoredTripSchema },
  { name: LatestPosition.name, schema: LatestPositionSchema },
  { name: GeocodeCacheEntry.name, schema: GeocodeCacheEntrySchema },
]);

/** Telemetry: position and temperature statistics and trips, from the store or flespi (`TELEMETRY_SOURCE`). */
@Module({
  imports: [telemetryModels],
  controllers: [StatsController, TripsController, TelemetryIngestController, PositionsController, PositionStreamController, StopsReportController],
  providers: [
    TelemetryPointsReader,
    LatestPositionStore,
    TripRecorder,
    PositionUpdates,
    PositionFeed,
    PositionStreams,
    TelemetryIngestor,
    IngestTokenGuard,
    ConfiguredFlespiClient,
    ScopedTrackers,
    LatestPositionCache,
    LatestPositionsService,
    TrackService,
    StoreTelemetrySource,
    TelemetryStoreWriter,
    {
      provide: TELEMETRY_SOURCE,
      inject: [AppConfig, StoreTelemetrySource],
      useFactory: (config: AppConfig, store: StoreTelemetrySource) =>
        config.get('TELEMETRY_SOURCE') === 'flespi' ? new FlespiTelemetrySource(new ConfiguredFlespiClient(config)) : store,
    },
    ConfiguredGeocoderClient,
    AddressResolver,
    TrackedAssets,
    PositionStatsService,
    TemperatureStatsService,
    StopsReportService,
    TripsService,
    MessageImporter,
  ],
  exports: [telemetryModels, TelemetryStoreWriter, MessageImporter, TelemetryIngestor],
})
export class PositionsModule {}
