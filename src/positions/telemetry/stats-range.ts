import { badRequest } from '@app/errors';
import { parseFleetDate } from '@app/formats';
import type { TelemetryRange } from './telemetry-source';

export const MAX_RANGE_DAYS = 30;
const MAX_RANGE_SECONDS = MAX_RANGE_DAYS * 86400;

/**
 * The unix-second bounds of `from`/`to` read in the client's time zone. `from` after `to`, or a
 * range longer than 30 days (exactly 30 days is accepted), is a 400.
 */
export function resolveStatsRange(fromText: string, toText: string, timeZone: string): TelemetryRange {
  const from = parseFleetDate(fromText, timeZone, 'from');
  const to = parseFleetDate(toText, timeZone, 'to');
  if (!from) throw badRequest(`from is not a valid date: ${fromText}`);
  if (!to) throw badRequest(`to is not a valid date: ${toText}`);
  const range = { from: from.toUnixInteger(), to: to.toUnixInteger() };
  if (range.from > range.to) throw badRequest('from must not be after to');
  if (range.to - range.from > MAX_RANGE_SECONDS) {
    throw badRequest(`The range from ${fromText} to ${toText} is longer than the maximum of ${MAX_RANGE_DAYS} days`);
  }
  return range;
}
