import { Types } from 'mongoose';
import type { DrivingDay, StoredHour } from './driving-day.schema';
import { hoursNeeded, planPeriod } from './period-plan';

const D0 = Date.UTC(2026, 9, 1) / 1000;
const DAY = 86_400;
const total = { km: 100, drive: 3600, idle: 60, s10: 1, s20: 0, s30: 0 };
const rollup = (day: number, extra: Partial<DrivingDay> = {}): DrivingDay =>
  ({ _id: `a:${day}`, assetId: new Types.ObjectId(), day, coveredFrom: null, hours: undefined, total, ...extra }) as unknown as DrivingDay;
/** An hour as rollups store it: only the figures that moved. */
const hour = (figures: Partial<StoredHour>) => figures as StoredHour;
const daysOf = (...docs: DrivingDay[]) => new Map(docs.map((doc) => [doc.day, doc]));
// From 00:30 of the first day to 12:00 of the third: the second day is whole.
const FROM = D0 + 1800;
const TO = D0 + 2 * DAY + 12 * 3600;

describe('planPeriod with day totals', () => {
  it('reads a whole day as its total and the days at the ends as their totals less the hours outside the period', () => {
    const days = daysOf(rollup(D0), rollup(D0 + DAY), rollup(D0 + 2 * DAY));
    // The first day's hour 0 is walked (the period begins in it); the last day's hours from 11:00 are.
    const needs = hoursNeeded(FROM, TO, days, []);
    expect(needs.map(({ day, keys }) => [day.day, keys])).toEqual([
      [D0, ['h00']],
      [D0 + 2 * DAY, ['h11', 'h12', 'h13', 'h14', 'h15', 'h16', 'h17', 'h18', 'h19', 'h20', 'h21', 'h22', 'h23']],
    ]);
    days.get(D0)!.hours = { h00: { ...total, km: 1 } };
    days.get(D0 + 2 * DAY)!.hours = { h05: { ...total, km: 1 }, h11: hour({ km: 30, drive: 600 }) };
    const plan = planPeriod(FROM, TO, days, []);
    expect(plan.rolled).toEqual([
      { hour: D0 + 3600, figures: { ...total, km: 99, drive: 0, idle: 0, s10: 0 } },
      { hour: D0 + DAY, figures: total },
      { hour: D0 + 2 * DAY, figures: { ...total, km: 70, drive: 3000 } },
    ]);
  });

  it('reads by hour a day with a span boundary, one covered from midway and one without a total', () => {
    const byHour = (extra: Partial<DrivingDay>, cuts: number[] = []) =>
      hoursNeeded(FROM, TO, daysOf(rollup(D0 + DAY, extra)), cuts).map(({ day, keys }) => [day.day, keys]);
    expect(byHour({})).toEqual([]);
    expect(byHour({}, [D0 + DAY + 7200])).toEqual([[D0 + DAY, null]]);
    expect(byHour({}, [D0 + DAY, D0 + 2 * DAY])).toEqual([]);
    expect(byHour({ coveredFrom: D0 + DAY + 60 })).toEqual([[D0 + DAY, null]]);
    expect(byHour({ total: undefined })).toEqual([[D0 + DAY, null]]);
  });

  it('tallies a day read hour by hour from each hour it has', () => {
    const days = daysOf(rollup(D0 + DAY, { coveredFrom: D0 + DAY + 7200 + 60, hours: { h01: hour({ km: 5 }), h03: hour({ km: 7 }), h04: hour({ km: 11 }) } }));
    const plan = planPeriod(FROM, TO, days, []);
    // Hours before the one covered from are walked; hour 2 (covered from its middle) is walked too.
    expect(plan.rolled).toEqual([
      { hour: D0 + DAY + 3 * 3600, figures: { km: 7 } },
      { hour: D0 + DAY + 4 * 3600, figures: { km: 11 } },
    ]);
    expect(plan.walked).toEqual([
      { from: FROM, to: D0 + DAY + 3 * 3600 },
      { from: D0 + 2 * DAY, to: TO + 1 },
    ]);
  });
});
