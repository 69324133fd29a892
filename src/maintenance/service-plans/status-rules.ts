import { DateTime } from 'luxon';

export const SERVICE_STATES = ['ok', 'due_soon', 'overdue'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];
export const SERVICE_INTERVALS = ['km', 'engineHours', 'days'] as const;
export type ServiceInterval = (typeof SERVICE_INTERVALS)[number];

export interface Intervals {
  km?: number | null;
  engineHours?: number | null;
  days?: number | null;
}

/** Where a cycle starts: the last service, or (none yet) when the asset came under the plan. */
export interface CycleStart {
  at: Date;
  odometerKm: number;
  engineHours: number;
}

/** Meter values and a day (`YYYY-MM-DD`, the client's) per interval; null where the plan has none. */
export interface Thresholds {
  odometerKm: number | null;
  engineHours: number | null;
  date: string | null;
}

export interface Schedule {
  next: Thresholds;
  soon: Thresholds;
}

/** The day `at` falls on in `zone`. */
export const dayIn = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone }).toISODate()!;

/** When the service is due (each interval from the cycle's start) and when it is due soon (the thresholds before). */
export function scheduleOf(intervals: Intervals, dueSoon: Intervals, start: CycleStart, zone: string): Schedule {
  const startDay = DateTime.fromJSDate(start.at, { zone }).startOf('day');
  const nextDate = intervals.days ? startDay.plus({ days: intervals.days }) : null;
  const next: Thresholds = {
    odometerKm: intervals.km ? start.odometerKm + intervals.km : null,
    engineHours: intervals.engineHours ? start.engineHours + intervals.engineHours : null,
    date: nextDate?.toISODate() ?? null,
  };
  const soon: Thresholds = {
    odometerKm: next.odometerKm !== null && dueSoon.km ? next.odometerKm - dueSoon.km : null,
    engineHours: next.engineHours !== null && dueSoon.engineHours ? next.engineHours - dueSoon.engineHours : null,
    date: nextDate && dueSoon.days ? nextDate.minus({ days: dueSoon.days }).toISODate() : null,
  };
  return { next, soon };
}

const reached = (at: Thresholds, meters: { odometerKm: number; engineHours: number }, today: string) =>
  (at.odometerKm !== null && meters.odometerKm >= at.odometerKm) ||
  (at.engineHours !== null && meters.engineHours >= at.engineHours) ||
  (at.date !== null && today >= at.date);

/** Overdue once any interval has run out; due soon once any has entered its threshold; ok before. */
export function stateOf(schedule: Schedule, meters: { odometerKm: number; engineHours: number }, today: string): ServiceState {
  if (reached(schedule.next, meters, today)) return 'overdue';
  return reached(schedule.soon, meters, today) ? 'due_soon' : 'ok';
}

/** What is left of each interval (negative: past it); null where the plan has none. */
export function remainingOf(next: Thresholds, meters: { odometerKm: number; engineHours: number }, today: string) {
  return {
    km: next.odometerKm === null ? null : Math.round((next.odometerKm - meters.odometerKm) * 1000) / 1000,
    engineHours: next.engineHours === null ? null : Math.round((next.engineHours - meters.engineHours) * 1000) / 1000,
    days: next.date === null ? null : Math.round(DateTime.fromISO(next.date).diff(DateTime.fromISO(today), 'days').days),
  };
}

/**
 * The interval that runs out first: the one with the smallest share of its length left (km, hours
 * and days compared as fractions of the plan's interval).
 */
export function decidingInterval(intervals: Intervals, remaining: ReturnType<typeof remainingOf>): ServiceInterval | null {
  let best: ServiceInterval | null = null;
  let bestShare = Infinity;
  for (const interval of SERVICE_INTERVALS) {
    const length = intervals[interval];
    const left = remaining[interval];
    if (!length || left === null) continue;
    const share = left / length;
    if (share < bestShare) [best, bestShare] = [interval, share];
  }
  return best;
}

/** The next day on which the state changes by the calendar alone (null: no day ahead). */
export function dateCheckOf(schedule: Schedule, state: ServiceState): string | null {
  if (state === 'overdue') return null;
  if (state === 'ok') return schedule.soon.date ?? schedule.next.date;
  return schedule.next.date;
}

/** The meter values at which the state changes next (what the meters are asked to watch). */
export function meterWatchOf(schedule: Schedule, state: ServiceState): { odometerKm: number | null; engineHours: number | null } {
  if (state === 'overdue') return { odometerKm: null, engineHours: null };
  const at =
    state === 'ok'
      ? { odometerKm: schedule.soon.odometerKm ?? schedule.next.odometerKm, engineHours: schedule.soon.engineHours ?? schedule.next.engineHours }
      : schedule.next;
  return { odometerKm: at.odometerKm, engineHours: at.engineHours };
}

/** A fleet event of a cycle, claimed before it is recorded (`recorded` false: the sweep records it again, with the same id). */
export interface ClaimedEvent {
  cycle: number;
  at: Date;
  recorded: boolean;
}
