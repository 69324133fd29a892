import { Module } from '@nestjs/common';
import { TelemetryStoreModule } from '../store/telemetry-store.module';
import { PipelineModule } from '../pipeline/pipeline.module';
import { TripsModule } from '../trips/trips.module';
import { IngestTokenGuard } from './ingest-token.guard';
import { MessageImporter } from './message-importer.service';
import { TelemetryIngestController } from './telemetry-ingest.controller';
import { TelemetryIngestor } from './telemetry-ingestor.service';

/** The one way telemetry comes in (the flespi stream route, message files, the demo simulator), through the per-tracker pipeline. */
@Module({
  imports: [TelemetryStoreModule, TripsModule, PipelineModule],
  controllers: [TelemetryIngestController],
  providers: [IngestTokenGuard, TelemetryIngestor, MessageImporter],
  exports: [TelemetryIngestor, MessageImporter, PipelineModule],
})
export class IngestionModule {}
