import { MAX_STEP_SECONDS } from '../fix-walk';
import type { DrivingDay, StoredHour } from './driving-day.schema';
import { hourKey } from './driving-days';
import { DAY_S, dayOf, HOUR_S, hourOf } from './hour-tallies';

/** A stretch whose fixes are walked: tallies for `from ≤ ts < to`. */
export interface WalkedStretch {
  from: number;
  to: number;
}

/** How an asset's period is read: whole hours from its rollups, the rest walked from its fixes. */
export interface PeriodPlan {
  rolled: Array<{ hour: number; figures: Partial<StoredHour> }>;
  walked: WalkedStretch[];
}

/**
 * Splits a period (`fromS`, `toS` both included) into what the rollups answer and what is walked:
 * the hour the period begins in (the walk from its start knows nothing before it, as the scores
 * always walked), the hours from MAX_STEP_SECONDS before its end (a step out of the last rolled
 * hour ends within them, so the walk counts it as well), hours in which an instant of `cuts` falls
 * (a driver's span begins or ends), and hours of days without a rollup or before the instant it
 * covers from. A day wholly rolled up is one set of figures, its total (readWhole).
 */
export function planPeriod(fromS: number, toS: number, days: ReadonlyMap<number, DrivingDay> | undefined, cuts: readonly number[]): PeriodPlan {
  const first = hourOf(fromS) + HOUR_S;
  const last = hourOf(toS - MAX_STEP_SECONDS);
  if (first >= last) return { rolled: [], walked: [{ from: fromS, to: toS + 1 }] };
  const cutHours = new Set(cuts.filter((cut) => cut > first && cut < last && cut % HOUR_S !== 0).map(hourOf));
  const plan: PeriodPlan = { rolled: [], walked: [{ from: fromS, to: first }] };
  for (let hour = first; hour < last; hour += HOUR_S) {
    const day = days?.get(dayOf(hour));
    if (day && hour === day.day && readWhole(day, first, last, cuts)) {
      plan.rolled.push({ hour, figures: day.total });
      hour += DAY_S - HOUR_S;
      continue;
    }
    const rolled = day && !cutHours.has(hour) && (day.coveredFrom === null || hour > hourOf(day.coveredFrom));
    if (!rolled) walk(plan.walked, hour, hour + HOUR_S);
    else {
      const figures = day.hours?.[hourKey((hour - dayOf(hour)) / HOUR_S)];
      if (figures) plan.rolled.push({ hour, figures });
    }
  }
  walk(plan.walked, last, toS + 1);
  return plan;
}

/**
 * Whether a rollup is read as its day's total: the day wholly within the rolled hours (`first` to
 * `last`), counted from its start, with a total, no driver's span beginning or ending inside it.
 */
function readWhole(day: DrivingDay, first: number, last: number, cuts: readonly number[]): boolean {
  const end = day.day + DAY_S;
  return day.day >= first && end <= last && day.coveredFrom === null && day.total != null && !cuts.some((cut) => cut > day.day && cut < end);
}

/** The rollups whose hours a plan of this period reads (DrivingDays.read leaves hours out): those it rolls up, but not whole. */
export function daysNeedingHours(fromS: number, toS: number, days: ReadonlyMap<number, DrivingDay> | undefined, cuts: readonly number[]): DrivingDay[] {
  const first = hourOf(fromS) + HOUR_S;
  const last = hourOf(toS - MAX_STEP_SECONDS);
  if (first >= last) return [];
  return [...(days?.values() ?? [])].filter((day) => day.day + DAY_S > first && day.day < last && !readWhole(day, first, last, cuts));
}

/** Adds a stretch to walk, joined to the previous one when they meet. */
function walk(stretches: WalkedStretch[], from: number, to: number): void {
  const previous = stretches.at(-1);
  if (previous && previous.to === from) previous.to = to;
  else stretches.push({ from, to });
}

export { DAY_S };
