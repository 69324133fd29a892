/**
 * A trip as the telemetry sources produce it: flespi calculator interval field names (the spec's
 * Trip), the very shape the HTTP answers give, whose views document the units.
 */
export type { TripPositionView as TripPosition, TripRecordView as TripRecord } from '../trips/trip.view';
