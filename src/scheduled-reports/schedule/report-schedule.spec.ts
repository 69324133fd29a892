import { nextRunAfter, reportPeriod, ReportSchedule } from './report-schedule';

const SANTIAGO = 'America/Santiago';
const iso = (date: Date) => date.toISOString();

describe('report schedules', () => {
  it('runs daily at the local time, in the zone’s offset of each day', () => {
    const daily: ReportSchedule = { frequency: 'daily', time: '07:00', timeZone: SANTIAGO };
    // 2026-11-24 is summer time in Santiago (UTC−3).
    expect(iso(nextRunAfter(daily, new Date('2026-11-24T09:00:00Z')))).toBe('2026-11-24T10:00:00.000Z');
    expect(iso(nextRunAfter(daily, new Date('2026-11-24T10:00:00Z')))).toBe('2026-11-25T10:00:00.000Z');
    // 2026-06-10 is winter time (UTC−4).
    expect(iso(nextRunAfter(daily, new Date('2026-06-10T12:00:00Z')))).toBe('2026-06-11T11:00:00.000Z');
  });

  it('keeps the local time across America/Santiago’s daylight-saving changes', () => {
    const daily: ReportSchedule = { frequency: 'daily', time: '07:00', timeZone: SANTIAGO };
    // Summer time starts at 24:00 on Saturday 2026-09-05 (clocks jump to 01:00 on Sunday the 6th).
    expect(iso(nextRunAfter(daily, new Date('2026-09-05T11:00:00Z')))).toBe('2026-09-06T10:00:00.000Z');
    // It ends at 24:00 on Saturday 2026-04-04 (clocks go back to 23:00 on the 4th).
    expect(iso(nextRunAfter(daily, new Date('2026-04-04T10:00:00Z')))).toBe('2026-04-05T11:00:00.000Z');
    // 00:30 does not exist on 2026-09-06: the run is the first moment after the gap, once.
    const midnight: ReportSchedule = { frequency: 'daily', time: '00:30', timeZone: SANTIAGO };
    const skipped = nextRunAfter(midnight, new Date('2026-09-05T05:00:00Z'));
    expect(iso(skipped)).toBe('2026-09-06T04:30:00.000Z'); // 01:30 local, UTC−3
    expect(iso(nextRunAfter(midnight, skipped))).toBe('2026-09-07T03:30:00.000Z');
    // 23:30 happens twice on 2026-04-04: one run, at the first.
    const late: ReportSchedule = { frequency: 'daily', time: '23:30', timeZone: SANTIAGO };
    const first = nextRunAfter(late, new Date('2026-04-04T12:00:00Z'));
    expect(iso(first)).toBe('2026-04-05T02:30:00.000Z'); // 23:30 at UTC−3
    expect(iso(nextRunAfter(late, first))).toBe('2026-04-06T03:30:00.000Z');
  });

  it('runs weekly on its day and monthly on its day, or the month’s last', () => {
    const weekly: ReportSchedule = { frequency: 'weekly', time: '08:00', dayOfWeek: 1, timeZone: SANTIAGO };
    // Wednesday 2026-11-25 → Monday 2026-11-30.
    expect(iso(nextRunAfter(weekly, new Date('2026-11-25T12:00:00Z')))).toBe('2026-11-30T11:00:00.000Z');
    const monthly: ReportSchedule = { frequency: 'monthly', time: '06:00', dayOfMonth: 31, timeZone: SANTIAGO };
    expect(iso(nextRunAfter(monthly, new Date('2026-11-25T12:00:00Z')))).toBe('2026-11-30T09:00:00.000Z');
    expect(iso(nextRunAfter(monthly, new Date('2026-11-30T09:00:00Z')))).toBe('2026-12-31T09:00:00.000Z');
    expect(iso(nextRunAfter(monthly, new Date('2027-01-31T09:00:00Z')))).toBe('2027-02-28T09:00:00.000Z');
  });

  it('reports on the period before the run: yesterday, last week, last month, in the zone', () => {
    const due = new Date('2026-11-25T10:00:00Z'); // Wednesday 07:00 in Santiago
    const day = reportPeriod('daily', due, SANTIAGO);
    expect([day.from.toISO(), day.to.toISO()]).toEqual(['2026-11-24T00:00:00.000-03:00', '2026-11-24T23:59:59.999-03:00']);
    const week = reportPeriod('weekly', due, SANTIAGO);
    expect([week.from.toISODate(), week.to.toISODate()]).toEqual(['2026-11-16', '2026-11-22']);
    const month = reportPeriod('monthly', due, SANTIAGO);
    expect([month.from.toISODate(), month.to.toISODate()]).toEqual(['2026-10-01', '2026-10-31']);
    // The day summer time started is 23 hours long.
    const short = reportPeriod('daily', new Date('2026-09-07T10:00:00Z'), SANTIAGO);
    expect(short.to.toMillis() + 1 - short.from.toMillis()).toBe(23 * 3_600_000);
  });

  it('reports the whole day before on the day the clocks jump: from its local midnight, not from 01:00', () => {
    // 2026-09-06 begins at 01:00 (−03): its midnight does not exist. Run that morning, the day
    // before is reported from its own midnight (00:00 −04), 24 hours long.
    const day = reportPeriod('daily', new Date('2026-09-06T11:00:00Z'), SANTIAGO);
    expect([day.from.toISO(), day.to.toISO()]).toEqual(['2026-09-05T00:00:00.000-04:00', '2026-09-05T23:59:59.999-04:00']);
    expect(day.to.toMillis() + 1 - day.from.toMillis()).toBe(24 * 3_600_000);
    // Weeks and months keep to local midnights the same way.
    const week = reportPeriod('weekly', new Date('2026-09-07T11:00:00Z'), SANTIAGO);
    expect([week.from.toISO(), week.to.toISO()]).toEqual(['2026-08-31T00:00:00.000-04:00', '2026-09-06T23:59:59.999-03:00']);
    const month = reportPeriod('monthly', new Date('2026-10-01T11:00:00Z'), SANTIAGO);
    expect(month.from.toISO()).toBe('2026-09-01T00:00:00.000-04:00');
  });
});
