import { DateTime } from 'luxon';
import type { Language } from './language';

const FORMATS: Record<Language, string> = { es: 'dd-MM-yyyy HH:mm:ss', en: 'dd/MM/yyyy HH:mm:ss' };

/**
 * An instant as a person of the client reads it: the client's zone, its offset that day and the
 * zone's name, so a reader elsewhere (or on a day the clocks change) knows which hour it was:
 * `25-11-2026 03:14:07 -03:00 (America/Santiago)`.
 */
export function localTime(at: Date, timeZone: string, lang: Language): string {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  return `${local.toFormat(FORMATS[lang])} ${local.toFormat('ZZ')} (${timeZone})`;
}

/** A day of the client: `25-11-2026` (Spanish), `25/11/2026` (English). */
export function localDate(at: DateTime, lang: Language): string {
  return at.toFormat(FORMATS[lang].split(' ')[0]);
}
