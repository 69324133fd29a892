import type { TelemetryPoint } from '../../positions';
import { type DrivingTally, emptyTally } from '../driving-tally';
import { FixWalk, type FixWalkState } from '../fix-walk';

export const HOUR_S = 3600;
export const DAY_S = 86_400;

export const hourOf = (ts: number): number => Math.floor(ts / HOUR_S) * HOUR_S;
export const dayOf = (ts: number): number => Math.floor(ts / DAY_S) * DAY_S;

/** What a rollup keeps of an hour: a tally without harsh events (they are stored events, counted when read). */
export type HourFigures = Pick<DrivingTally, 'distanceKm' | 'drivingSeconds' | 'idlingSeconds' | 'speedingSeconds'>;

type LimitAt = ConstructorParameters<typeof FixWalk>[0];

/**
 * An asset's fixes walked into tallies by UTC hour (unix seconds of the hour's start), with the
 * scores' own walk (FixWalk): each step counts for its first fix's hour, each distance for its
 * fix's. Fixes at or before the state's last fix are skipped (a resend changes nothing).
 */
export function walkByHour(
  from: FixWalkState,
  fixes: readonly TelemetryPoint[],
  limitAt: LimitAt,
  counts: (hour: number) => boolean = () => true,
): { hours: Map<number, DrivingTally>; state: FixWalkState } {
  const hours = new Map<number, DrivingTally>();
  const tallyAt = (ts: number) => {
    const hour = hourOf(ts);
    if (!counts(hour)) return null;
    let tally = hours.get(hour);
    if (!tally) hours.set(hour, (tally = emptyTally()));
    return tally;
  };
  const walk = new FixWalk(limitAt, tallyAt, from);
  const newest = from.last?.ts ?? -Infinity;
  walk.feed(fixes[0] && fixes[0].ts <= newest ? fixes.filter((fix) => fix.ts > newest) : fixes);
  return { hours, state: walk.state() };
}

/** Hours grouped by their UTC day. */
export function byDay<T>(hours: Map<number, T>): Map<number, Map<number, T>> {
  const days = new Map<number, Map<number, T>>();
  for (const [hour, value] of hours) {
    const day = dayOf(hour);
    if (!days.has(day)) days.set(day, new Map());
    days.get(day)!.set((hour - day) / HOUR_S, value);
  }
  return days;
}
