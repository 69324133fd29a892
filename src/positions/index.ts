// The public surface of the telemetry domain: the command line imports message files; the demo
// seed writes telemetry along the demo routes.
export { PositionsModule } from './positions.module';
export { INGEST_BODY_LIMIT, INGEST_PATH } from './ingest/telemetry-ingest.controller';
export { TelemetryIngestor, type IngestReport } from './ingest/telemetry-ingestor.service';
export { MessageImporter, type MessageImportReport } from './import/message-importer.service';
export { TelemetryStoreWriter } from './store/telemetry-store-writer.service';
export { StoredTrip, storedTripId } from './store/stored-trip.schema';
export { DEMO_ROUTES, demoTelemetry } from './seed/demo-routes';
export { haversineKm } from './telemetry/telemetry-summary';
