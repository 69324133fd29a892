// The public surface of the telemetry domain.
export { PositionsModule } from './positions.module';
// Ingestion: the route's parser settings (src/app.setup.ts), message files (the command line),
// points (the demo simulator), and the processors other domains register on the per-tracker path.
export { INGEST_BODY_LIMIT, INGEST_PATH } from './ingestion/telemetry-ingest.controller';
export { TelemetryIngestor, type IngestReport } from './ingestion/telemetry-ingestor.service';
export { MessageImporter, type MessageImportReport } from './ingestion/message-importer.service';
export { FollowsTrackers, TrackerProcessors, type TrackerProcessor, type ProcessedTracker, type NewFixes, type Replay } from './pipeline/tracker-processor';
export { TrackerOwnership } from './pipeline/tracker-ownership';
export { ImportedHistory } from './pipeline/imported-history';
// The live stream: other domains' events of an asset go out on it beside positions.
export { LIVE_STREAM_EVENT, type LiveStreamEvent } from './live/live-stream-event';
// The store, written in bulk by the demo seed; its points, read back by whoever replays them.
export { TelemetryPointsReader, type PointsRange } from './store/telemetry-points.reader';
// Where trackers were last seen (read-only).
export { LatestPositions } from './store/latest-positions';
// The latest positions a batch moved forward, told on the instance that stored them (route ETAs follow them).
export { POSITIONS_MOVED } from './pipeline/positions-moved';
export type { LatestRecord } from './store/latest-position.store';
export { TelemetryStoreWriter } from './store/telemetry-store-writer.service';
export { StoredTrip, storedTripId } from './store/stored-trip.schema';
// Where a device was at a moment (an inspection's place checked against its vehicle's).
export { PositionHistory, type PositionAt } from './sources/position-history.service';
export { VehicleWhereabouts, type DistanceFromVehicle } from './sources/vehicle-whereabouts';
// The telemetry model and its rules, for whoever reasons about fixes.
export { HARSH_KINDS, type DeviceHarshFlags, type HarshKind, type TelemetryPoint } from './telemetry/telemetry-point';
export type { TripRecord } from './telemetry/trip-record';
export { haversineKm } from './telemetry/telemetry-summary';
export { drivable, judgeFix, type PlacedFix } from './telemetry/fix-plausibility';
export { buildTrip } from './telemetry/trip-builder';

// Trip costs: the fuel domain plugs its costing in.
export { TripFuelHook, type CostedTrip, type TripFuelCosting, type TripFuelFigures } from './trips/trip-fuel-hook';
// Trip drivers: the drivers domain plugs its assignments in.
export { TripDriverHook, type TripDriver, type TripDriverLabelling } from './trips/trip-driver-hook';
// Trips of a tracker for reports (the fuel domain's trip and fuel reports).
export { TripReader, type ReportTrip } from './trips/trip-reader.service';
// Stops and temperature over a range, for the scheduled reports.
export { StopsReportService } from './reports/stops/stops-report.service';
export { TemperatureStatsService } from './reports/stats/temperature-stats.service';
