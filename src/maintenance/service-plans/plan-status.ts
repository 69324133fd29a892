import { Types } from 'mongoose';
import { ServicePlan } from '../schemas/service-plan.schema';
import { CycleStart, dateCheckOf, decidingInterval, remainingOf, scheduleOf, stateOf } from './status-rules';

export type Meters = { odometerKm: number; engineHours: number };
const NO_METERS: Meters = { odometerKm: 0, engineHours: 0 };

/** An asset's meters among those read (an asset never read has run nothing yet). */
export const metersIn = (meters: ReadonlyMap<string, Meters>, assetId: Types.ObjectId): Meters => meters.get(assetId.toHexString()) ?? NO_METERS;

/** Where an asset stands with a plan: its state, the thresholds, what decides it and the next calendar check. */
export function planStatusOf(plan: Pick<ServicePlan, 'intervals' | 'dueSoon'>, start: CycleStart, current: Meters, zone: string, today: string) {
  const schedule = scheduleOf(plan.intervals, plan.dueSoon, start, zone);
  const state = stateOf(schedule, current, today);
  const dueBy = decidingInterval(plan.intervals, remainingOf(schedule.next, current, today));
  return { state, next: schedule.next, soon: schedule.soon, dueBy, dateCheck: dateCheckOf(schedule, state) };
}
