import { isFleetDate, parseFleetDate } from './fleet-dates';

const SANTIAGO = 'America/Santiago';

describe('fleet dates', () => {
  it('reads a date-only from as the start of the day and to as its last second, in the zone', () => {
    // January: Chile is on summer time (UTC-3).
    expect(parseFleetDate('15/01/2026', SANTIAGO, 'from')!.toUTC().toISO()).toBe('2026-01-15T03:00:00.000Z');
    expect(parseFleetDate('15/01/2026', SANTIAGO, 'to')!.toUTC().toISO()).toBe('2026-01-16T02:59:59.000Z');
    // July: standard time (UTC-4).
    expect(parseFleetDate('15/07/2026', SANTIAGO, 'from')!.toUTC().toISO()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('reads HH:mm as exact minutes and HH:mm:ss as exact seconds for both bounds', () => {
    expect(parseFleetDate('15/01/2026 10:30', SANTIAGO, 'to')!.toUTC().toISO()).toBe('2026-01-15T13:30:00.000Z');
    expect(parseFleetDate('15/01/2026 10:30:45', SANTIAGO, 'from')!.toUTC().toISO()).toBe('2026-01-15T13:30:45.000Z');
    expect(parseFleetDate('15/01/2026 10:30', 'UTC', 'from')!.toUTC().toISO()).toBe('2026-01-15T10:30:00.000Z');
  });

  it('ends a day whose length changes with daylight saving at its own last second', () => {
    // Chile goes back one hour at 24:00 on 4 April 2026: that day has 25 hours.
    const from = parseFleetDate('04/04/2026', SANTIAGO, 'from')!;
    const to = parseFleetDate('04/04/2026', SANTIAGO, 'to')!;
    expect(to.diff(from, 'seconds').seconds).toBe(25 * 3600 - 1);
  });

  it.each([
    '31/02/2026',
    '00/01/2026',
    '15/13/2026',
    '15/01/2026 24:00',
    '15/01/2026 10:60',
    '15/01/2026 10:30:60',
    '2026-01-15',
    '15/1/2026',
    ' 15/01/2026',
    '15/01/2026T10:00',
    '',
  ])('refuses %p', (text) => {
    expect(isFleetDate(text)).toBe(false);
    expect(parseFleetDate(text, SANTIAGO, 'from')).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(isFleetDate(20260115)).toBe(false);
    expect(isFleetDate(null)).toBe(false);
  });
});
