/** A device message as flespi stores it: flat, dotted keys (`position.latitude`). */
export type FlespiMessage = Record<string, unknown> & { timestamp: number };

/** A calculator interval (`/gw/calcs/…/intervals/…`): `begin`/`end` in unix seconds, plus the calculator's counters. */
export type FlespiInterval = Record<string, unknown> & { id: number; begin: number; end: number };

/** A device's latest parameter values: `telemetry[name] = {value, ts}` (ts in unix seconds). */
export interface FlespiDeviceTelemetry {
  id: number;
  telemetry: Record<string, { value: unknown; ts: number }> | null;
}

export interface FlespiMessageQuery {
  from: number;
  to: number;
  fields: readonly string[];
}

/** flespi could not be reached, timed out, or answered an error. */
export class FlespiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FlespiError';
  }
}
