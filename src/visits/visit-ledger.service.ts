import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '@app/bus';
import { InjectRepository, isDuplicateKeyError, scopeOfClient, TenantRepository, type UniqueKeyLookup } from '@app/database';
import { FLEET_EVENTS_MOVED, FLEET_EVENTS_RECORDED, FLEET_EVENTS_REMOVED, placeEventsInOrder, type StoredFleetEvent } from '../events';
import { Visit } from './schemas/visit.schema';

const openKey = (event: StoredFleetEvent) => `${event.assetId.toHexString()}:${event.placeId!.toHexString()}`;
const placeName = (event: StoredFleetEvent) => (typeof event.details?.placeName === 'string' ? event.details.placeName : null);

/**
 * Keeps the visits what the place events say (docs/places.md, "Visits"): an arrival opens one, the
 * departure of that asset and place closes it, a late message's moves and removals re-date or
 * undo them. Every step is keyed by an event's id, so an event told again changes nothing.
 */
@Injectable()
export class VisitLedger {
  private readonly openVisits: UniqueKeyLookup<Visit>;

  constructor(@InjectRepository(Visit) private readonly visits: TenantRepository<Visit>) {
    this.openVisits = visits.lookupBy('openFor');
  }

  @OnDomainEvent(FLEET_EVENTS_RECORDED)
  async eventsRecorded(events: readonly StoredFleetEvent[]): Promise<void> {
    for (const event of placeEventsInOrder(events)) await this.recorded(event);
  }

  @OnDomainEvent(FLEET_EVENTS_MOVED)
  async eventsMoved(events: readonly StoredFleetEvent[]): Promise<void> {
    for (const event of placeEventsInOrder(events)) await this.moved(event);
  }

  @OnDomainEvent(FLEET_EVENTS_REMOVED)
  async eventsRemoved(events: readonly StoredFleetEvent[]): Promise<void> {
    for (const event of placeEventsInOrder(events)) await this.removed(event);
  }

  // Arrivals and departures come in the ingestion's path: each step here is a lookup by a unique
  // key or by `_id` (a filter with the client besides would scan the visits on the embedded server).
  private async recorded(event: StoredFleetEvent): Promise<void> {
    const scope = scopeOfClient(event.clientId);
    const open = await this.openVisits.find(scope, openKey(event));
    if (event.type === 'place.arrival') {
      // An open visit left without its departure (a lost message) gives way to the new arrival.
      if (open && !open._id.equals(event._id)) await this.visits.updateRecord(scope, open, { $unset: { openFor: 1 } });
      if (open?._id.equals(event._id) || (await this.visits.findById(scope, event._id))) return;
      try {
        await this.visits.create(scope, { _id: event._id, ...this.opened(event) });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error; // told twice at once: stored by the other
      }
      return;
    }
    // A departure told again finds its visit closed (or a later one open, which it did not end).
    if (!open || open.arrivedAt > event.occurredAt) return;
    await this.visits.updateRecord(scope, open, { $set: { departedAt: event.occurredAt, departureEventId: event._id }, $unset: { openFor: 1 } });
  }

  private async moved(event: StoredFleetEvent): Promise<void> {
    const scope = scopeOfClient(event.clientId);
    if (event.type === 'place.arrival') await this.visits.updateOne(scope, { _id: event._id }, { $set: { arrivedAt: event.occurredAt } });
    else await this.visits.updateOne(scope, { departureEventId: event._id }, { $set: { departedAt: event.occurredAt } });
  }

  private async removed(event: StoredFleetEvent): Promise<void> {
    const scope = scopeOfClient(event.clientId);
    if (event.type === 'place.arrival') {
      await this.visits.deleteMany(scope, { _id: event._id });
      return;
    }
    const reopen = { $set: { departedAt: null }, $unset: { departureEventId: 1 } } as const;
    try {
      await this.visits.updateOne(scope, { departureEventId: event._id }, { ...reopen, $set: { departedAt: null, openFor: openKey(event) } });
    } catch (error) {
      // Another visit of the asset at the place is open since: this one stays without a departure.
      if (!isDuplicateKeyError(error)) throw error;
      await this.visits.updateOne(scope, { departureEventId: event._id }, reopen);
    }
  }

  private opened(event: StoredFleetEvent): Omit<Visit, 'clientId'> {
    return {
      assetId: event.assetId,
      assetName: event.assetName,
      placeId: event.placeId!,
      placeName: placeName(event),
      driverId: null,
      driverName: null,
      arrivedAt: event.occurredAt,
      departedAt: null,
      openFor: openKey(event),
    };
  }
}
