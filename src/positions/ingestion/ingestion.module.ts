import { Module } from '@nestjs/common';
import { TelemetryStoreModule } from '../store/telemetry-store.module';
import { TripsModule } from '../trips/trips.module';
import { IngestTokenGuard } from './ingest-token.guard';
import { MessageImporter } from './message-importer.service';
import { PositionsStored } from './positions-stored';
import { TelemetryIngestController } from './telemetry-ingest.controller';
import { TelemetryIngestor } from './telemetry-ingestor.service';

/** The one way telemetry comes in (the flespi stream route, message files, the demo simulator), and `PositionsStored`. */
@Module({
  imports: [TelemetryStoreModule, TripsModule],
  controllers: [TelemetryIngestController],
  providers: [IngestTokenGuard, TelemetryIngestor, MessageImporter, PositionsStored],
  exports: [TelemetryIngestor, MessageImporter, PositionsStored],
})
export class IngestionModule {}
