import type { DeviceHarshFlags, HarshKind } from '../../positions';

/** A fix as the detector reads it (a stored message of the asset's tracker). */
export interface Fix {
  ts: number;
  lat: number | null;
  lng: number | null;
  /** km/h */
  speed: number | null;
  /** degrees (the course over ground) */
  dir?: number | null;
  ignition?: boolean | null;
  temps: Record<string, number>;
  /** The device's own harsh-driving flags (flespi `harsh.*`), when it sends them. */
  harsh?: DeviceHarshFlags;
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

/** A run of fix pairs over a harsh-driving threshold (or of a device's flags), from its first fix. */
export interface HarshEpisode {
  since: Spot;
  /** The highest value of its pairs (null: flagged by the device only). */
  peak: number | null;
  /** The device flagged it: told already. */
  device?: boolean;
}

/** What the harsh-driving rule keeps: the last usable fix (one end of the next pair) and the episodes under way. */
export interface HarshState {
  prev?: { ts: number; lat: number; lng: number; speed: number; dir: number | null };
  open?: Partial<Record<HarshKind, HarshEpisode>>;
}

/** An asset at one place: stopped there since `stillSince`, visiting since `arrived`, maybe leaving. */
export interface PlaceStay {
  stillSince?: Spot;
  arrived?: Spot;
  pending?: { to: boolean; first: Spot; count: number };
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
  /** Harsh driving (absent until the first fix with a speed). */
  harsh?: HarshState;
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
