import { DEFAULT_LANGUAGE, type Language } from '@app/i18n';
const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, kept: building one costs far more than formatting with it. */
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The zone's offset from UTC at `ms` (whole seconds), from the formatter's local fields. */
function offsetAt(ms: number, zone: string): number {
  const part: Record<string, number> = {};
  for (const { type, value } of formatOf(zone).formatToParts(ms)) part[type] = Number(value);
  const second = Math.floor(ms / 1000) * 1000;
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second) - second;
}

/**
 * Offsets by zone and quarter hour: a zone's offset changes only at its transitions, which fall
 * on quarter hours (a quarter whose two ends differ is not kept: each moment in it is asked).
 * `formatToParts` per cell was the largest cost of a 31 000-trip report's own code.
 */
const QUARTER_MS = 15 * 60_000;
const offsets = new Map<string, Map<number, number | null>>();
const MAX_QUARTERS_KEPT = 100_000;

function offsetOf(ms: number, zone: string): number {
  let byQuarter = offsets.get(zone);
  if (!byQuarter || byQuarter.size > MAX_QUARTERS_KEPT) offsets.set(zone, (byQuarter = new Map<number, number | null>()));
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    const start = offsetAt(quarter * QUARTER_MS, zone);
    offset = start === offsetAt((quarter + 1) * QUARTER_MS - 1000, zone) ? start : null;
    byQuarter.set(quarter, offset);
  }
  return offset ?? offsetAt(ms, zone);
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** Between the day, month and year, per language (as `localTime` writes them: `25-11-2026`, `25/11/2026`). */
const DATE_SEPARATORS: Record<Language, string> = { es: '-', en: '/' };

/** A moment (unix seconds) as the reports show it, in the client's zone: `dd-MM-yyyy HH:mm:ss` (`dd/MM/yyyy` in English). */
export function formatLocalTime(unixS: number, zone: string, language: Language = DEFAULT_LANGUAGE): string {
  const ms = unixS * 1000;
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetOf(ms, zone));
  const year = local.getUTCFullYear();
  const sep = DATE_SEPARATORS[language];
  return `${two(local.getUTCDate())}${sep}${two(local.getUTCMonth() + 1)}${sep}${String(year).padStart(4, '0')} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
}

/** A duration in seconds as `h:mm:ss` (hours past 24 kept: `27:05:00`). */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
