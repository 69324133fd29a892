import { isIsoDay } from './calendar-day.validators';

describe('isIsoDay', () => {
  it.each(['2026-01-01', '2024-02-29', '1999-12-31'])('accepts %s', (value) => {
    expect(isIsoDay(value)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-01-32',
    '26-01-01',
    '2026-1-1',
    '01/01/2026',
    '2026-01-01T00:00:00Z',
    '',
    ' 2026-01-01',
    '1800-01-01',
    20260101,
    null,
  ])('refuses %j', (value) => {
    expect(isIsoDay(value)).toBe(false);
  });
});
