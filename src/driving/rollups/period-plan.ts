import { MAX_STEP_SECONDS } from '../fix-walk';
import { type DrivingDay, hourKey, type StoredHour } from './driving-day.schema';
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

/** The period's rolled hours, `first` to `last` (excluded): after the hour it begins in, before MAX_STEP_SECONDS ahead of its end. */
function rolledHours(fromS: number, toS: number): { first: number; last: number } {
  return { first: hourOf(fromS) + HOUR_S, last: hourOf(toS - MAX_STEP_SECONDS) };
}

/**
 * Splits a period (`fromS`, `toS` both included) into what the rollups answer and what is walked:
 * the hour the period begins in (the walk from its start knows nothing before it, as the scores
 * always walked), the hours from MAX_STEP_SECONDS before its end (a step out of the last rolled
 * hour ends within them, so the walk counts it as well), hours in which an instant of `cuts` falls
 * (a driver's span begins or ends), and hours of days without a rollup or before the instant it
 * covers from. A day counted from its start, with a total and no span boundary inside, is one set
 * of figures: its total less its hours outside the rolled ones (none for a whole day), so only
 * those hours are read (`hoursNeeded`); any other day is read hour by hour.
 */
export function planPeriod(fromS: number, toS: number, days: ReadonlyMap<number, DrivingDay> | undefined, cuts: readonly number[]): PeriodPlan {
  const { first, last } = rolledHours(fromS, toS);
  if (first >= last) return { rolled: [], walked: [{ from: fromS, to: toS + 1 }] };
  const cutHours = new Set(cuts.filter((cut) => cut > first && cut < last && cut % HOUR_S !== 0).map(hourOf));
  const plan: PeriodPlan = { rolled: [], walked: [{ from: fromS, to: first }] };
  for (let hour = first; hour < last; hour += HOUR_S) {
    const day = days?.get(dayOf(hour));
    if (day && readAsTotal(day, cuts)) {
      const end = Math.min(day.day + DAY_S, last);
      plan.rolled.push({ hour, figures: remainder(day, hour, end) });
      hour = end - HOUR_S;
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
 * Whether a rollup's rolled hours are read from its total: counted from its day's start, with a
 * total, no driver's span beginning or ending inside the day (one tally takes all its hours).
 */
function readAsTotal(day: DrivingDay, cuts: readonly number[]): boolean {
  const end = day.day + DAY_S;
  return day.coveredFrom === null && day.total != null && !cuts.some((cut) => cut > day.day && cut < end);
}

/** The keys of a day's hours outside `from`…`to` (the rolled ones): what its total has beyond them. */
function hoursOutside(day: number, from: number, to: number): string[] {
  const keys: string[] = [];
  for (let index = 0; index < 24; index++) {
    const hour = day + index * HOUR_S;
    if (hour < from || hour >= to) keys.push(hourKey(index));
  }
  return keys;
}

/** A day's figures from `from` to `to`: its total (a whole day), less its other hours (a figure that would fall below 0 by rounding is 0). */
function remainder(day: DrivingDay, from: number, to: number): Partial<StoredHour> {
  if (from <= day.day && to >= day.day + DAY_S) return day.total;
  const figures = { ...day.total };
  for (const key of hoursOutside(day.day, from, to)) {
    const hour = day.hours?.[key];
    if (!hour) continue;
    for (const field of Object.keys(hour) as Array<keyof StoredHour>) figures[field] = Math.max(0, (figures[field] ?? 0) - (hour[field] ?? 0));
  }
  return figures;
}

/** A rollup and the hours of it a plan reads: `keys` (its hours outside the rolled ones), or all (null). */
export interface HoursNeeded {
  day: DrivingDay;
  keys: string[] | null;
}

/**
 * The rollups whose hours a plan of this period reads (DrivingDays.read leaves hours out): a day
 * read from its total only its hours outside the rolled ones (an end of the period: one or two), a
 * day read hour by hour all of them; a whole day none.
 */
export function hoursNeeded(fromS: number, toS: number, days: ReadonlyMap<number, DrivingDay> | undefined, cuts: readonly number[]): HoursNeeded[] {
  const { first, last } = rolledHours(fromS, toS);
  if (first >= last) return [];
  const needed: HoursNeeded[] = [];
  for (const day of days?.values() ?? []) {
    if (day.day + DAY_S <= first || day.day >= last) continue;
    if (!readAsTotal(day, cuts)) needed.push({ day, keys: null });
    else if (day.day < first || day.day + DAY_S > last) needed.push({ day, keys: hoursOutside(day.day, first, last) });
  }
  return needed;
}

/** Adds a stretch to walk, joined to the previous one when they meet. */
function walk(stretches: WalkedStretch[], from: number, to: number): void {
  const previous = stretches.at(-1);
  if (previous && previous.to === from) previous.to = to;
  else stretches.push({ from, to });
}

export { DAY_S };
