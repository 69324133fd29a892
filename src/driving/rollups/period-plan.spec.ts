import { Types } from 'mongoose';
import type { DrivingDay } from './driving-day.schema';
import { daysNeedingHours, planPeriod } from './period-plan';

const D0 = Date.UTC(2026, 9, 1) / 1000;
const DAY = 86_400;
const total = { km: 100, drive: 3600, idle: 60, s10: 1, s20: 0, s30: 0 };
const rollup = (day: number, extra: Partial<DrivingDay> = {}): DrivingDay =>
  ({ _id: `a:${day}`, assetId: new Types.ObjectId(), day, coveredFrom: null, hours: undefined, total, ...extra }) as unknown as DrivingDay;
const daysOf = (...docs: DrivingDay[]) => new Map(docs.map((doc) => [doc.day, doc]));
// From 00:30 of the first day to 12:00 of the third: the second day is whole.
const FROM = D0 + 1800;
const TO = D0 + 2 * DAY + 12 * 3600;

describe('planPeriod with day totals', () => {
  it('reads a whole day as its total and the days at the ends by hour', () => {
    const days = daysOf(rollup(D0), rollup(D0 + DAY), rollup(D0 + 2 * DAY));
    expect(daysNeedingHours(FROM, TO, days, []).map((d) => d.day)).toEqual([D0, D0 + 2 * DAY]);
    for (const day of [D0, D0 + 2 * DAY]) days.get(day)!.hours = { h05: { ...total, km: 1 } };
    const plan = planPeriod(FROM, TO, days, []);
    expect(plan.rolled).toEqual([
      { hour: D0 + 5 * 3600, figures: { ...total, km: 1 } },
      { hour: D0 + DAY, figures: total },
      { hour: D0 + 2 * DAY + 5 * 3600, figures: { ...total, km: 1 } },
    ]);
  });

  it('reads by hour a day with a span boundary, one covered from midway and one without a total', () => {
    const whole = (extra: Partial<DrivingDay>, cuts: number[] = []) => daysNeedingHours(FROM, TO, daysOf(rollup(D0 + DAY, extra)), cuts).map((d) => d.day);
    expect(whole({})).toEqual([]);
    expect(whole({}, [D0 + DAY + 7200])).toEqual([D0 + DAY]);
    expect(whole({}, [D0 + DAY, D0 + 2 * DAY])).toEqual([]);
    expect(whole({ coveredFrom: D0 + DAY + 60 })).toEqual([D0 + DAY]);
    expect(whole({ total: undefined })).toEqual([D0 + DAY]);
  });
});
