import type { Types } from 'mongoose';
import type { PositionColumns } from './position-columns';
import type { TelemetryPoint } from './telemetry-point';
import type { TelemetrySummary } from './telemetry-summary';
import type { TripRecord } from './trip-record';

/** A tracker as the sources see it: our id (store) and the flespi device id (flespi). */
export interface TelemetryDevice {
  trackerId: string;
  vendorId: number;
}

/** A stored tracker as the sources see it. */
export const deviceOf = (tracker: { _id: Types.ObjectId; vendorId: number }): TelemetryDevice => ({
  trackerId: tracker._id.toHexString(),
  vendorId: tracker.vendorId,
});

/** Inclusive unix-second bounds, as the caller asked them. */
export interface TelemetryRange {
  from: number;
  to: number;
}

export type { TripPosition, TripRecord } from './trip-record';

/** Context the sources log with (the request id of a failure). */
export interface TelemetryCall {
  requestId: string;
}

/**
 * Where telemetry comes from: the platform's own store, or flespi (`TELEMETRY_SOURCE`). Both
 * answer summaries of the same definition (`TelemetrySummary`), so the figures agree.
 */
export interface TelemetrySource {
  /** One summary per device, in the order given, over the range. */
  summaries(devices: readonly TelemetryDevice[], range: TelemetryRange, call: TelemetryCall): Promise<TelemetrySummary[]>;
  trip(device: TelemetryDevice, tripId: number, call: TelemetryCall): Promise<TripRecord | null>;
  /** The device's messages in the range (`from ≤ ts ≤ to`), in time order, one per timestamp. */
  points(device: TelemetryDevice, range: TelemetryRange, call: TelemetryCall): Promise<TelemetryPoint[]>;
  /** The device's positions (messages with coordinates) in the range, as `points` orders them, as columns (tracks). */
  positions(device: TelemetryDevice, range: TelemetryRange, call: TelemetryCall): Promise<PositionColumns>;
}

export const TELEMETRY_SOURCE = Symbol('TelemetrySource');
