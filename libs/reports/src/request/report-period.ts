import type { DateTime } from 'luxon';
import { badRequest } from '@app/errors';
import { parseFleetDate } from '@app/formats';

/** The longest period a fleet report (trips, fuel, visits) covers. */
export const MAX_REPORT_DAYS = 31;

/** A report's period: from its first to its last instant, in the client's zone. */
export interface ReportPeriodBounds {
  from: DateTime;
  to: DateTime;
}

/**
 * A report request's `from` and `to` (`DD/MM/YYYY[ HH:mm[:ss]]`, a day alone its start or end)
 * read in `zone`: a 400 when either is not a date, `from` is after `to`, or they are more than
 * `maxDays` apart.
 */
export function reportPeriod(body: { from: string; to: string }, zone: string, maxDays = MAX_REPORT_DAYS): ReportPeriodBounds {
  const from = parseFleetDate(body.from, zone, 'from');
  const to = parseFleetDate(body.to, zone, 'to');
  if (!from) throw badRequest(`from is not a valid date: ${body.from}`);
  if (!to) throw badRequest(`to is not a valid date: ${body.to}`);
  if (from > to) throw badRequest('from must not be after to');
  if (to.diff(from, 'days').days > maxDays) throw badRequest(`The period from ${body.from} to ${body.to} is longer than the maximum of ${maxDays} days`);
  return { from, to };
}
