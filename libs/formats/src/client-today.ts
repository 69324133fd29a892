import { DateTime } from 'luxon';

/** Today's calendar day (`YYYY-MM-DD`) in the client's time zone: what date answers compare with. */
export function clientToday(timeZone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now).setZone(timeZone).toISODate() ?? DateTime.fromJSDate(now).toUTC().toISODate()!;
}

/** The latest calendar day anywhere (UTC+14): a sweep across clients reads what is due by it, then each client's own day decides. */
export const latestTodayOnEarth = (now: Date): string => clientToday('UTC+14', now);
