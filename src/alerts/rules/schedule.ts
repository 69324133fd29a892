import { DateTime } from 'luxon';
import { WEEK_DAYS, type AlertSchedule } from '../schemas/alert-rule.schema';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Is `at` inside the weekly window, in the schedule's zone? From `from` (included) to `to`
 * (excluded) on each of `days`; when `to` comes before `from` the window spans midnight and its
 * morning part belongs to the day before (a `mon` 20:00–06:00 window covers Tuesday 03:00).
 */
export function inSchedule(schedule: AlertSchedule | null, at: Date): boolean {
  if (!schedule) return true;
  const local = DateTime.fromJSDate(at, { zone: schedule.timeZone });
  const minute = local.hour * 60 + local.minute;
  const day = WEEK_DAYS[local.weekday - 1];
  const dayBefore = WEEK_DAYS[(local.weekday + 5) % 7];
  const [from, to] = [minutesOf(schedule.from), minutesOf(schedule.to)];
  if (from < to) return schedule.days.includes(day) && minute >= from && minute < to;
  return (schedule.days.includes(day) && minute >= from) || (schedule.days.includes(dayBefore) && minute < to);
}
