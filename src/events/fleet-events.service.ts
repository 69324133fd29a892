import { Injectable } from '@nestjs/common';
import { byClient, InjectRepository, scopeOfClient, TenantRepository, type TenantScope } from '@app/database';
import { eventId } from './event-ids';
import { EventIndexWriter } from './event-index-writer';
import type { NewFleetEvent, StoredFleetEvent } from './fleet-event.types';
import { DomainEvents } from '@app/bus';
import { FLEET_EVENTS_ENDED_AGAIN, FLEET_EVENTS_MOVED, FLEET_EVENTS_RECORDED, FLEET_EVENTS_REMOVED } from './fleet-events-recorded';
import { FleetEvent } from './schemas/fleet-event.schema';

/**
 * Records fleet events: each is indexed (its client's hour, its asset's day), then stored under
 * its derived id — the same occurrence twice is one event — and its listeners are told. The
 * index goes first: an entry whose event a crash kept from being stored is skipped by readers,
 * and the next detection stores it.
 */
@Injectable()
export class FleetEvents {
  constructor(
    @InjectRepository(FleetEvent) private readonly events: TenantRepository<FleetEvent>,
    private readonly index: EventIndexWriter,
    private readonly bus: DomainEvents,
  ) {}

  /** Stores what is new, tells the listeners of every event not yet told; answers the events told. */
  async record(newEvents: readonly NewFleetEvent[]): Promise<StoredFleetEvent[]> {
    if (newEvents.length === 0) return [];
    const detectedAt = new Date();
    const documents = newEvents.map((event) => ({
      _id: eventId(event),
      clientId: event.clientId,
      assetId: event.assetId,
      assetName: event.assetName,
      type: event.type,
      occurredAt: event.occurredAt,
      detectedAt,
      position: event.position ?? null,
      geofenceId: event.geofenceId ?? null,
      placeId: event.placeId ?? null,
      taskId: event.taskId ?? null,
      details: event.details ?? {},
      notifiedAt: null,
    }));
    await this.index.add(documents);
    const untold: StoredFleetEvent[] = [];
    for (const group of byClient(documents)) {
      const scope = scopeOfClient(group[0].clientId);
      const duplicates = await this.insertNew(scope, group);
      untold.push(...group.filter((event) => !duplicates.has(event._id.toHexString())));
      if (duplicates.size > 0) {
        const stored = await this.events.findByIds(scope, [...duplicates]);
        untold.push(...stored.filter((event) => event.notifiedAt === null));
      }
    }
    if (untold.length > 0) await this.bus.publish(FLEET_EVENTS_RECORDED, untold);
    const toldAt = new Date();
    for (const group of byClient(untold)) await this.events.updateRecords(scopeOfClient(group[0].clientId), group, { $set: { notifiedAt: toldAt } });
    return untold;
  }

  /**
   * `record` of the events not yet stored and told, after one read of them by id: for telling
   * again what may already have been told (a job covering a request that may have died), which
   * then writes nothing — `record` would index each event again (its index's count runs ahead).
   */
  async recordUntold(newEvents: readonly NewFleetEvent[]): Promise<StoredFleetEvent[]> {
    const told = new Set<string>();
    for (const group of byClient(newEvents)) {
      const stored = await this.events.findByIds(
        scopeOfClient(group[0].clientId),
        group.map((event) => eventId(event).toHexString()),
      );
      for (const event of stored) if (event.notifiedAt !== null) told.add(event._id.toHexString());
    }
    return this.record(newEvents.filter((event) => !told.has(eventId(event).toHexString())));
  }

  /** Removes the event of this occurrence, if it is stored (a later message showed it did not happen): as `remove`. */
  async withdraw(occurrence: Pick<NewFleetEvent, 'clientId' | 'assetId' | 'type' | 'occurredAt' | 'geofenceId' | 'subject'>): Promise<void> {
    const stored = await this.events.findByIds(scopeOfClient(occurrence.clientId), [eventId(occurrence).toHexString()]);
    await this.remove(stored);
  }

  /** Removes events that no longer hold (a late message changed what happened), and their index entries. */
  async remove(events: readonly StoredFleetEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.index.remove(events);
    for (const group of byClient(events)) await this.events.deleteRecords(scopeOfClient(group[0].clientId), group);
    await this.bus.publish(FLEET_EVENTS_REMOVED, events);
  }

  /**
   * Moves events a late message re-dated (the same enter, a fix earlier): each keeps its id — what
   * was told of it, an alert it opened — and takes the time, place and details the replay found;
   * its index entries move with it; then the `moved` listeners are told (an alert they opened
   * follows them). Nothing is told as new.
   */
  async move(moves: ReadonlyArray<{ event: StoredFleetEvent; to: NewFleetEvent }>): Promise<StoredFleetEvent[]> {
    if (moves.length === 0) return [];
    await this.index.remove(moves.map(({ event }) => event));
    const moved: StoredFleetEvent[] = [];
    for (const { event, to } of moves) {
      const change = { occurredAt: to.occurredAt, position: to.position ?? null, details: to.details ?? {} };
      await this.events.updateRecord(scopeOfClient(event.clientId), event, { $set: change });
      moved.push({ ...event, ...change });
    }
    await this.index.add(moved);
    if (moved.length > 0) await this.bus.publish(FLEET_EVENTS_MOVED, moved);
    return moved;
  }

  /** End events told already, told again after a start a replay found before them: they settle what it opened. */
  async tellEndedAgain(events: readonly StoredFleetEvent[]): Promise<void> {
    if (events.length > 0) await this.bus.publish(FLEET_EVENTS_ENDED_AGAIN, events);
  }

  /** Inserts a client's events; answers the ids that were already stored. */
  private async insertNew(scope: TenantScope, events: readonly StoredFleetEvent[]): Promise<Set<string>> {
    const duplicates = await this.events.insertNew(
      scope,
      events.map(({ clientId: _client, ...event }) => event),
    );
    return new Set([...duplicates].map((position) => events[position]._id.toHexString()));
  }
}
