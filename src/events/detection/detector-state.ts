import type { PlaceStay } from './place-rules';

/** A fix as the detector reads it (a stored message of the asset's tracker). */
export interface Fix {
  ts: number;
  lat: number | null;
  lng: number | null;
  /** km/h */
  speed: number | null;
  ignition?: boolean | null;
  temps: Record<string, number>;
}

/** A located fix: where an event happened. */
export interface Spot {
  ts: number;
  lat: number;
  lng: number;
  speed: number | null;
}

/** A change the detector has seen once and waits to confirm (jitter: docs/events.md). */
export interface Pending {
  to: boolean;
  first: Spot;
  count: number;
}

export interface FenceState {
  inside: boolean;
  pending?: Pending;
}

/** Everything the detector remembers of an asset between batches (kept in `asset_event_states`). */
export interface DetectorState {
  /** The newest fix evaluated (unix s), and where the asset was then. */
  lastTs: number | null;
  last: Spot | null;
  /** The first fix of a jump from `last` not yet believed (absent in states stored before it). */
  doubt?: Spot | null;
  /** Geofences the asset is in, or about to change for; absent: outside. */
  fences: Record<string, FenceState>;
  speeding: { active: boolean; since?: Spot; limitKmh?: number; maxSpeedKmh?: number; pending?: Pending };
  idling: { active: boolean; stillSince?: Spot };
  ignition: boolean | null;
  temperature: { out: boolean; since?: Spot; pending?: Pending };
  /**
   * Set by the offline check; the next fix is `tracker.online` — unless it was set `silent` (an
   * archived asset: told nothing, and no longer looked at).
   */
  offline: { since: number; lastFixAt: number; silent?: boolean } | null;
  /** The places the asset is stopped at or visiting (absent in states stored before places). */
  places?: Record<string, PlaceStay>;
}

export const initialState = (): DetectorState => ({
  lastTs: null,
  last: null,
  doubt: null,
  fences: {},
  speeding: { active: false },
  idling: { active: false },
  ignition: null,
  temperature: { out: false },
  offline: null,
  places: {},
});

/** An event as the detector finds it, before it is recorded for an asset. */
export interface DetectedEvent {
  type: string;
  at: Spot;
  geofenceId?: string;
  placeId?: string;
  details?: Record<string, unknown>;
}

/** The change rule against jitter: a new state counts from its first fix once a second fix agrees, or at once when clearly in it. */
export function confirm(pending: Pending | undefined, to: boolean, spot: Spot, clear: boolean): { pending?: Pending; confirmed?: Spot } {
  const next = pending && pending.to === to ? { ...pending, count: pending.count + 1 } : { to, first: spot, count: 1 };
  return next.count >= 2 || clear ? { confirmed: next.first } : { pending: next };
}

export const spotOf = (fix: Fix): Spot | null => (fix.lat === null || fix.lng === null ? null : { ts: fix.ts, lat: fix.lat, lng: fix.lng, speed: fix.speed });
