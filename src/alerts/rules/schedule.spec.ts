import { inSchedule } from './schedule';

const santiago = (days: string[], from: string, to: string) => ({ timeZone: 'America/Santiago', days, from, to }) as never;

describe('inSchedule', () => {
  // 2026-11-23 is a Monday; Santiago is UTC-3 in November (summer time).
  const at = (local: string) => new Date(`${local}-03:00`);

  it('is always true without a schedule', () => expect(inSchedule(null, new Date())).toBe(true));

  it('keeps to the days and to [from, to) in the zone', () => {
    const office = santiago(['mon', 'tue', 'wed', 'thu', 'fri'], '08:00', '18:00');
    expect(inSchedule(office, at('2026-11-23T08:00:00'))).toBe(true);
    expect(inSchedule(office, at('2026-11-23T17:59:00'))).toBe(true);
    expect(inSchedule(office, at('2026-11-23T18:00:00'))).toBe(false);
    expect(inSchedule(office, at('2026-11-23T07:59:00'))).toBe(false);
    expect(inSchedule(office, at('2026-11-28T10:00:00'))).toBe(false); // Saturday
  });

  it('spans midnight when to comes before from: the morning belongs to the day before', () => {
    const night = santiago(['fri'], '20:00', '06:00');
    expect(inSchedule(night, at('2026-11-27T21:00:00'))).toBe(true); // Friday evening
    expect(inSchedule(night, at('2026-11-28T05:59:00'))).toBe(true); // Saturday morning
    expect(inSchedule(night, at('2026-11-28T06:00:00'))).toBe(false);
    expect(inSchedule(night, at('2026-11-27T05:00:00'))).toBe(false); // Friday morning: Thursday's night
  });
});
