import { DomainException } from '@app/errors';
import { resolveStatsRange } from './stats-range';

const refusal = (from: string, to: string) => {
  try {
    resolveStatsRange(from, to, 'America/Santiago');
  } catch (error) {
    return (error as DomainException).message;
  }
  return undefined;
};

describe('stats range', () => {
  it('accepts exactly 30 days and refuses 30 days and one second', () => {
    expect(resolveStatsRange('01/01/2026 00:00', '31/01/2026 00:00', 'UTC')).toEqual({ from: 1767225600, to: 1767225600 + 30 * 86400 });
    expect(refusal('01/01/2026 00:00:00', '31/01/2026 00:00:01')).toMatch(/longer than the maximum of 30 days/);
    // Whole days: 1 to 30 January is 30 days less a second; 1 to 31 January is over.
    expect(refusal('01/01/2026', '30/01/2026')).toBeUndefined();
    expect(refusal('01/01/2026', '31/01/2026')).toMatch(/30 days/);
  });

  it('accepts a single day and from equal to to, and refuses from after to', () => {
    expect(refusal('15/01/2026', '15/01/2026')).toBeUndefined();
    expect(refusal('15/01/2026 10:00', '15/01/2026 10:00')).toBeUndefined();
    expect(refusal('16/01/2026', '15/01/2026')).toBe('from must not be after to');
  });

  it('names an unparsable date', () => {
    expect(refusal('31/02/2026', '01/03/2026')).toBe('from is not a valid date: 31/02/2026');
  });
});
