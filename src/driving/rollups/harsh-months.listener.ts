import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '@app/bus';
import { FLEET_EVENTS_MOVED, FLEET_EVENTS_RECORDED, FLEET_EVENTS_REMOVED, type StoredFleetEvent } from '../../events';
import { HARSH_TYPES } from '../driving-tally';
import { DrivingMonths } from './driving-months';

const harshOnly = (events: readonly StoredFleetEvent[]) => events.filter((event) => HARSH_TYPES.has(event.type));

/**
 * Keeps the months' harsh events (`DrivingMonths`) as events are stored, re-dated and removed, so a
 * score reads a month's harsh events with its figures instead of the event index's every day. A
 * listener of the event's own telling: awaited before the cause is acknowledged, told again until
 * it succeeds, keyed by the event's id.
 */
@Injectable()
export class HarshMonthsListener {
  constructor(private readonly months: DrivingMonths) {}

  @OnDomainEvent(FLEET_EVENTS_RECORDED)
  async stored(events: readonly StoredFleetEvent[]): Promise<void> {
    await this.months.harshStored(harshOnly(events));
  }

  @OnDomainEvent(FLEET_EVENTS_MOVED)
  async moved(events: readonly StoredFleetEvent[]): Promise<void> {
    await this.months.harshStored(harshOnly(events), true);
  }

  @OnDomainEvent(FLEET_EVENTS_REMOVED)
  removed(events: readonly StoredFleetEvent[]): Promise<void> {
    return this.months.harshRemoved(harshOnly(events));
  }
}
