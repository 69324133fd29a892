/**
 * Chilean formats for report text: pesos as `$1.234.567` (no decimals, dot thousands), days as
 * `DD-MM-YYYY`. Written out rather than left to `Intl` so every Node build prints the same.
 */
export function formatClp(amount: number): string {
  const rounded = Math.round(amount);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${rounded < 0 ? '-' : ''}$${digits}`;
}

/** `2026-01-31` → `31-01-2026`; anything else is returned unchanged. */
export function formatDayCl(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : isoDay;
}

/** A `YYYY-MM-DD` day as a UTC midnight Date (what spreadsheet date cells want). */
export function isoDayToUtcDate(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00.000Z`);
}
