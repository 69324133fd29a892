import { formatClp, formatDayCl, isoDayToUtcDate } from './chilean-format';

describe('Chilean formats', () => {
  it.each([
    [0, '$0'],
    [999, '$999'],
    [1000, '$1.000'],
    [1234567, '$1.234.567'],
    [1234567.5, '$1.234.568'],
    [-45000, '-$45.000'],
    [100000000, '$100.000.000'],
  ])('formats %d pesos as %s', (amount, text) => {
    expect(formatClp(amount)).toBe(text);
  });

  it('writes days as DD-MM-YYYY', () => {
    expect(formatDayCl('2026-01-31')).toBe('31-01-2026');
    expect(formatDayCl('not a day')).toBe('not a day');
  });

  it('reads a day as UTC midnight', () => {
    expect(isoDayToUtcDate('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
