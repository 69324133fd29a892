import { DateTime } from 'luxon';

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** When a scheduled report runs, in its time zone (the client's by default). */
export interface ReportSchedule {
  frequency: Frequency;
  /** `HH:mm`, local time. */
  time: string;
  /** Weekly: 1 (Monday) … 7 (Sunday). */
  dayOfWeek?: number | null;
  /** Monthly: 1 … 31; a month without that day runs on its last day. */
  dayOfMonth?: number | null;
  timeZone: string;
}

/**
 * The local date-time of a run on `day`, at the schedule's time. A time that does not exist that
 * day (the hour skipped when daylight saving time starts: 00:30 on America/Santiago's first
 * Sunday of September) is the first moment after the gap (luxon moves it forward by the gap);
 * a time that happens twice (when it ends) is the first of the two.
 */
function at(day: DateTime, time: string): DateTime {
  const [hour, minute] = time.split(':').map(Number);
  return day.set({ hour, minute, second: 0, millisecond: 0 });
}

/** The candidate run of the period (day, week or month) that contains `local`. */
function runIn(schedule: ReportSchedule, local: DateTime): DateTime {
  const day = local.startOf('day');
  switch (schedule.frequency) {
    case 'daily':
      return at(day, schedule.time);
    case 'weekly':
      return at(day.startOf('week').plus({ days: (schedule.dayOfWeek ?? 1) - 1 }), schedule.time);
    case 'monthly': {
      const month = day.startOf('month');
      return at(month.set({ day: Math.min(schedule.dayOfMonth ?? 1, month.daysInMonth!) }), schedule.time);
    }
  }
}

const STEP = { daily: { days: 1 }, weekly: { weeks: 1 }, monthly: { months: 1 } } as const;

/** The first run strictly after `after`. */
export function nextRunAfter(schedule: ReportSchedule, after: Date): Date {
  let period = DateTime.fromJSDate(after, { zone: schedule.timeZone });
  for (let i = 0; i < 3; i++) {
    const candidate = runIn(schedule, period);
    if (candidate.toMillis() > after.getTime()) return candidate.toJSDate();
    period = period.startOf(schedule.frequency === 'daily' ? 'day' : schedule.frequency === 'weekly' ? 'week' : 'month').plus(STEP[schedule.frequency]);
  }
  throw new Error('no next run found'); // unreachable: the next period's run is always later
}

/**
 * What a run reports on: the whole period before the one it runs in, in the schedule's zone —
 * yesterday, last week (Monday to Sunday), last month — from its local midnight to the last
 * millisecond before the current period's. The start is the local midnight of the period's own
 * first day, not the current start moved back a day: that keeps the wall clock, and on the day
 * the clocks jump (America/Santiago's midnight that does not exist, so its day starts at 01:00)
 * the day before would start at 01:00 too, an hour short.
 */
export function reportPeriod(frequency: Frequency, dueAt: Date, timeZone: string): { from: DateTime; to: DateTime } {
  const unit = frequency === 'daily' ? 'day' : frequency === 'weekly' ? 'week' : 'month';
  const current = DateTime.fromJSDate(dueAt, { zone: timeZone }).startOf(unit);
  const to = current.minus({ milliseconds: 1 });
  return { from: to.startOf(unit), to };
}
