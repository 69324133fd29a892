import type { StoredFleetEvent } from './fleet-event.types';

const isPlaceEvent = (event: StoredFleetEvent) => (event.type === 'place.arrival' || event.type === 'place.departure') && event.placeId !== null;

/** The arrivals at and departures from places among `events`, oldest first: the order visits and tasks follow them in. */
export function placeEventsInOrder(events: readonly StoredFleetEvent[]): StoredFleetEvent[] {
  return events.filter(isPlaceEvent).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}
