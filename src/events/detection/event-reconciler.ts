import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import type { Asset } from '@app/fleet';
import { assetDayId, DAY_S, eventId } from '../event-ids';
import { END_OF, FIX_EVENT_TYPES } from '../event-types';
import type { NewFleetEvent } from '../fleet-event.types';
import { FleetEvents } from '../fleet-events.service';
import { FleetEvent } from '../schemas/fleet-event.schema';
import { FleetEventIndex } from '../schemas/fleet-event-index.schema';

/**
 * After a late message, makes an asset's stored events of a stretch of time what a replay of the
 * stretch found (docs/events.md, "Late messages"): an event the replay finds at another time (a
 * late fix at a geofence's edge moves an enter) is moved, keeping its id, so the alert it opened is
 * the one its end resolves, and nothing is told twice; the new ones are recorded, those that no
 * longer happened removed.
 */
@Injectable()
export class EventReconciler {
  constructor(
    @InjectRepository(FleetEvent) private readonly events: TenantRepository<FleetEvent>,
    @InjectModel(FleetEventIndex.name) private readonly index: Model<FleetEventIndex>,
    private readonly fleetEvents: FleetEvents,
  ) {}

  async reconcile(asset: Stored<Asset>, from: number, to: number, replayed: readonly NewFleetEvent[]): Promise<void> {
    const days: ReturnType<typeof assetDayId>[] = [];
    for (let day = Math.floor(from / DAY_S) * DAY_S; day <= to; day += DAY_S) days.push(assetDayId(asset._id, day));
    const docs = await this.index.collection.find<FleetEventIndex>({ _id: { $in: days } } as never).toArray();
    const keep = new Set(replayed.map((event) => eventId(event).toHexString()));
    const inStretch = docs
      .flatMap((doc) => doc.entries)
      .filter((entry) => FIX_EVENT_TYPES.has(entry.type) && entry.at.getTime() >= from * 1000 && entry.at.getTime() <= to * 1000);
    const stored = new Set(inStretch.map((entry) => entry.id.toHexString()));
    const stale = inStretch.filter((entry) => !keep.has(entry.id.toHexString()));
    const moves = pairMoves(
      stale,
      replayed.filter((event) => !stored.has(eventId(event).toHexString())),
    );
    const moved = new Set(moves.values());
    const read =
      stale.length === 0
        ? []
        : await this.events.findByIds(
            scopeOfClient(asset.clientId),
            stale.map((entry) => entry.id.toHexString()),
          );
    await this.fleetEvents.remove(read.filter((event) => !moves.has(event._id.toHexString())));
    await this.fleetEvents.move(read.flatMap((event) => (moves.has(event._id.toHexString()) ? [{ event, to: moves.get(event._id.toHexString())! }] : [])));
    await this.fleetEvents.record(replayed.filter((event) => !moved.has(event)));
    // A start found new or moved before an end told already: the end is told again after it, so
    // what the start opened is settled by it as if they had come in order.
    const movedIds = new Map([...moves].map(([id, event]) => [event, id]));
    const storedIdOf = (event: NewFleetEvent) => movedIds.get(event) ?? (stored.has(eventId(event).toHexString()) ? eventId(event).toHexString() : null);
    const ends = endsToTellAgain(replayed, (event) => storedIdOf(event) === null || movedIds.has(event), storedIdOf);
    if (ends.length > 0) await this.fleetEvents.tellEndedAgain(await this.events.findByIds(scopeOfClient(asset.clientId), ends));
  }
}

/** The ids of stored end events that follow a start the replay found new or moved (its first end of the same kind after it). */
function endsToTellAgain(
  replayed: readonly NewFleetEvent[],
  changed: (event: NewFleetEvent) => boolean,
  storedIdOf: (event: NewFleetEvent) => string | null,
): string[] {
  const inOrder = [...replayed].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const ends = new Set<string>();
  inOrder.forEach((start, i) => {
    const endType = END_OF[start.type];
    if (!endType || !changed(start)) return;
    const end = inOrder.slice(i + 1).find((event) => event.type === endType && areaOf(event) === areaOf(start));
    const id = end ? storedIdOf(end) : null;
    if (id) ends.add(id);
  });
  return [...ends];
}

type IndexEntry = FleetEventIndex['entries'][number];

/** The geofence or place an event is about ('' for neither): a start and its end share it. */
const areaOf = (event: { geofenceId?: Types.ObjectId | null; placeId?: Types.ObjectId | null }) => String(event.geofenceId ?? event.placeId ?? '');

/**
 * The stale stored events the replay found again at another time: each new event takes the stale
 * one of its type and geofence (or place) nearest in time (stale id → the event it becomes).
 */
function pairMoves(stale: readonly IndexEntry[], found: readonly NewFleetEvent[]): Map<string, NewFleetEvent> {
  const moves = new Map<string, NewFleetEvent>();
  for (const event of found) {
    let nearest: IndexEntry | null = null;
    for (const entry of stale) {
      if (moves.has(entry.id.toHexString()) || entry.type !== event.type || areaOf(entry) !== areaOf(event)) continue;
      if (!nearest || Math.abs(entry.at.getTime() - event.occurredAt.getTime()) < Math.abs(nearest.at.getTime() - event.occurredAt.getTime())) nearest = entry;
    }
    if (nearest) moves.set(nearest.id.toHexString(), event);
  }
  return moves;
}
