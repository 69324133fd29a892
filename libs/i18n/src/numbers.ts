import type { Language } from './language';

/** The locale each language writes numbers in. */
export const NUMBER_LOCALES: Record<Language, string> = { es: 'es-CL', en: 'en-US' };

/** A number as the language writes it (`12,5` in Spanish, `12.5` in English), at most `digits` decimals. */
export function formatNumber(value: number, lang: Language, digits = 1): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[lang], { maximumFractionDigits: digits }).format(value);
}

/** A file's size in B, KB or MB (powers of 1 024), one decimal at most: `40 KB`, `12,5 MB`. */
export function humanSize(bytes: number, lang: Language): string {
  if (bytes < 1024) return `${formatNumber(bytes, lang, 0)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, lang)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, lang)} MB`;
}

/** A span of time in hours, minutes and seconds, the largest two units that are not zero: `1 h 5 min`, `45 s`. */
export function humanDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const parts = [
    [Math.floor(whole / 86_400), 'd'],
    [Math.floor((whole % 86_400) / 3600), 'h'],
    [Math.floor((whole % 3600) / 60), 'min'],
    [whole % 60, 's'],
  ] as const;
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return '0 s';
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}
