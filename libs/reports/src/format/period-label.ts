import type { DateTime } from 'luxon';
import { type Language, REPORT_WORDS } from '@app/i18n';

/** A report's period (its ends in the client's zone) as its reader writes it: `01-11-2026 00:00 al 30-11-2026 23:59`. */
export function reportPeriodLabel(from: DateTime, to: DateTime, language: Language): string {
  const words = REPORT_WORDS[language];
  return words.between(from.toFormat(words.minuteFormat), to.toFormat(words.minuteFormat));
}
