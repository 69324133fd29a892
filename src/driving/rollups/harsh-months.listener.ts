import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '@app/bus';
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
export class HarshMonthsListener implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: Array<() => void> = [];

  constructor(
    private readonly bus: DomainEvents,
    private readonly months: DrivingMonths,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = [
      this.bus.on(FLEET_EVENTS_RECORDED, async (events) => void (await this.months.harshStored(harshOnly(events)))),
      this.bus.on(FLEET_EVENTS_MOVED, async (events) => void (await this.months.harshStored(harshOnly(events), true))),
      this.bus.on(FLEET_EVENTS_REMOVED, (events) => this.months.harshRemoved(harshOnly(events))),
    ];
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }
}
