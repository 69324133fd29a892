import { haversineKm, judgeFix, type TelemetryPoint } from '../positions';
import { isIdlingFix, STILL_KMH } from '../events';
import { type DrivingTally, SPEEDING_MARGINS } from './driving-tally';

/**
 * Seconds between two fixes beyond which the time between them counts as nothing (the device was
 * off or out of coverage): the trip detector's stop (docs/telemetry.md, "Trip detection").
 */
export const MAX_STEP_SECONDS = 300;

type Plausibility = Parameters<typeof judgeFix>[0];

/** Where a walk stands between two chunks: its last fix, the limit there, the plausibility rule's memory. */
export interface FixWalkState {
  last: TelemetryPoint | null;
  lastLimit: number | null;
  plausibility: Plausibility;
}

export const freshWalkState = (): FixWalkState => ({ last: null, lastLimit: null, plausibility: { last: null, doubt: null } });

/**
 * Driving, idling and speeding time and distance from an asset's fixes in time order, fed a chunk
 * (a day) at a time. Each step between two fixes at most MAX_STEP_SECONDS apart counts for what
 * the asset was doing at its first fix: driving when moving (at least STILL_KMH, the idle rule's
 * threshold), speeding when moving above the limit in force there by more than each margin,
 * idling when the ignition is on and it stands still (the idle rule). The distance is that of the
 * fixes the plausibility rule accepts (as trips and statistics measure it). Each step goes to the
 * tally of its first fix's time (null: nobody's, outside every driver's span).
 */
export class FixWalk {
  private last: TelemetryPoint | null;
  private lastLimit: number | null;
  private readonly plausibility: Plausibility;

  constructor(
    private readonly limitAt: (point: TelemetryPoint & { lat: number; lng: number }) => number | null,
    private readonly tallyAt: (ts: number) => DrivingTally | null,
    from: FixWalkState = freshWalkState(),
  ) {
    this.last = from.last;
    this.lastLimit = from.lastLimit;
    this.plausibility = structuredClone(from.plausibility);
  }

  /** A copy of where the walk stands (the rollups carry it from one batch to the next). */
  state(): FixWalkState {
    return { last: this.last && { ...this.last }, lastLimit: this.lastLimit, plausibility: structuredClone(this.plausibility) };
  }

  feed(points: readonly TelemetryPoint[]): void {
    for (const point of points) {
      if (this.last && point.ts > this.last.ts) this.step(this.last, point);
      if (point.lat !== null && point.lng !== null) this.lastLimit = this.located(point as TelemetryPoint & { lat: number; lng: number });
      this.last = point;
    }
  }

  /** Judges a located fix (its distance) and answers the limit in force at it. */
  private located(point: TelemetryPoint & { lat: number; lng: number }): number | null {
    const from = this.plausibility.last;
    const verdict = judgeFix(this.plausibility, point);
    const tally = this.tallyAt(point.ts);
    if (tally && verdict === 'plausible' && from) tally.distanceKm += haversineKm(from.lat, from.lng, point.lat, point.lng);
    return this.limitAt(point);
  }

  private step(a: TelemetryPoint, b: TelemetryPoint): void {
    const seconds = b.ts - a.ts;
    const tally = seconds <= MAX_STEP_SECONDS ? this.tallyAt(a.ts) : null;
    if (!tally) return;
    if (a.speed !== null && a.speed >= STILL_KMH) {
      tally.drivingSeconds += seconds;
      const limit = this.lastLimit;
      if (limit !== null) SPEEDING_MARGINS.forEach((margin, i) => a.speed! > limit + margin && (tally.speedingSeconds[i] += seconds));
    } else if (isIdlingFix(a)) {
      tally.idlingSeconds += seconds;
    }
  }
}
