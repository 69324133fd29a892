import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AreaFixesReader } from './area-fixes.reader';
import { LatestPosition, LatestPositionSchema } from './latest-position.schema';
import { LatestPositionStore } from './latest-position.store';
import { LatestPositions } from './latest-positions';
import { StoreTelemetrySource } from './store-telemetry.source';
import { StoredTrip, StoredTripSchema } from './stored-trip.schema';
import { TelemetryDay, TelemetryDaySchema, TelemetryHour, TelemetryHourSchema, TelemetryPeriod, TelemetryPeriodSchema } from './telemetry-bucket.schema';
import { TelemetryLog } from './telemetry-log';
import { TelemetryLogEntry, TelemetryLogEntrySchema } from './telemetry-log.schema';
import { TelemetryPointsReader } from './telemetry-points.reader';
import { TelemetryStoreWriter } from './telemetry-store-writer.service';

// Keyed by tracker, not by client: reached after the caller's scope has named the trackers.
const telemetryModels = MongooseModule.forFeature([
  { name: TelemetryHour.name, schema: TelemetryHourSchema },
  { name: TelemetryDay.name, schema: TelemetryDaySchema },
  { name: TelemetryPeriod.name, schema: TelemetryPeriodSchema },
  { name: StoredTrip.name, schema: StoredTripSchema },
  { name: LatestPosition.name, schema: LatestPositionSchema },
  { name: TelemetryLogEntry.name, schema: TelemetryLogEntrySchema },
]);

/** The platform's own telemetry store: the log of recent batches, hour/day/period buckets, stored trips, latest positions, and their readers. */
@Module({
  imports: [telemetryModels],
  providers: [TelemetryLog, TelemetryStoreWriter, TelemetryPointsReader, AreaFixesReader, LatestPositionStore, LatestPositions, StoreTelemetrySource],
  exports: [
    telemetryModels,
    TelemetryLog,
    TelemetryStoreWriter,
    TelemetryPointsReader,
    AreaFixesReader,
    LatestPositionStore,
    LatestPositions,
    StoreTelemetrySource,
  ],
})
export class TelemetryStoreModule {}
