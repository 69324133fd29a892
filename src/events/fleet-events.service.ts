import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { assetDayId, clientHourId, DAY_S, eventId, HOUR_S } from './event-ids';
import type { NewFleetEvent, StoredFleetEvent } from './fleet-event.types';
import { FleetEventsRecorded } from './fleet-events-recorded';
import { FleetEvent } from './schemas/fleet-event.schema';
import { FleetEventIndex } from './schemas/fleet-event-index.schema';

const DUPLICATE_KEY = 11000;

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
    @InjectModel(FleetEventIndex.name) private readonly index: Model<FleetEventIndex>,
    private readonly recorded: FleetEventsRecorded,
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
      details: event.details ?? {},
      notifiedAt: null,
    }));
    await this.indexEvents(documents);
    const untold: StoredFleetEvent[] = [];
    for (const [client, group] of byClient(documents)) {
      const duplicates = await this.insertNew(client, group);
      untold.push(...group.filter((event) => !duplicates.has(event._id.toHexString())));
      if (duplicates.size > 0) {
        const stored = await this.events.findByIds(scopeOfClient(client), [...duplicates]);
        untold.push(...stored.filter((event) => event.notifiedAt === null));
      }
    }
    await this.recorded.publish(untold);
    const toldAt = new Date();
    for (const [client, group] of byClient(untold)) await this.events.updateRecords(scopeOfClient(client), group, { $set: { notifiedAt: toldAt } });
    return untold;
  }

  /** Removes events that no longer hold (a late message changed what happened), and their index entries. */
  async remove(events: readonly StoredFleetEvent[]): Promise<void> {
    if (events.length === 0) return;
    const ops = events.flatMap((event) => {
      const at = event.occurredAt.getTime() / 1000;
      const pull = { $pull: { entries: { id: event._id } }, $inc: { count: -1 } };
      return [
        { updateOne: { filter: { _id: clientHourId(event.clientId, Math.floor(at / HOUR_S) * HOUR_S) }, update: pull } },
        { updateOne: { filter: { _id: assetDayId(event.assetId, Math.floor(at / DAY_S) * DAY_S) }, update: pull } },
      ];
    });
    await this.index.collection.bulkWrite(ops as never[], { ordered: false });
    for (const [client, group] of byClient(events)) await this.events.deleteRecords(scopeOfClient(client), group);
  }

  private async indexEvents(events: readonly Omit<StoredFleetEvent, 'notifiedAt'>[]): Promise<void> {
    const docs = new Map<string, { _id: Types.ObjectId; scope: 'client' | 'asset'; start: number; entries: object[] }>();
    const add = (_id: Types.ObjectId, scope: 'client' | 'asset', start: number, entry: object) => {
      const key = _id.toHexString();
      const doc = docs.get(key) ?? { _id, scope, start, entries: [] };
      doc.entries.push(entry);
      docs.set(key, doc);
    };
    for (const event of events) {
      const at = event.occurredAt.getTime() / 1000;
      const entry = { id: event._id, at: event.occurredAt, type: event.type, assetId: event.assetId, geofenceId: event.geofenceId };
      const hour = Math.floor(at / HOUR_S) * HOUR_S;
      const day = Math.floor(at / DAY_S) * DAY_S;
      add(clientHourId(event.clientId, hour), 'client', hour, entry);
      add(assetDayId(event.assetId, day), 'asset', day, entry);
    }
    // By `_id` (a lookup), upserted; `$addToSet` keeps one entry per event however often it comes
    // (`count` may then run ahead: readers use it to plan their reads, never to decide what to list).
    const ops = [...docs.values()].map(({ _id, scope, start, entries }) => ({
      updateOne: { filter: { _id }, update: { $setOnInsert: { scope, start }, $addToSet: { entries: { $each: entries } }, $inc: { count: entries.length } }, upsert: true },
    }));
    await this.index.collection.bulkWrite(ops as never[], { ordered: false });
  }

  /** Inserts a client's events; answers the ids that were already stored. */
  private async insertNew(client: Types.ObjectId, events: readonly StoredFleetEvent[]): Promise<Set<string>> {
    try {
      await this.events.insertMany(scopeOfClient(client), events.map(({ clientId: _client, ...event }) => event), { ordered: false });
      return new Set();
    } catch (error) {
      const writeErrors = (error as { writeErrors?: Array<{ code: number; index: number }> | { code: number; index: number } }).writeErrors;
      const failures = writeErrors === undefined ? [] : Array.isArray(writeErrors) ? writeErrors : [writeErrors];
      if (failures.length === 0 || failures.some((failure) => failure.code !== DUPLICATE_KEY)) throw error;
      return new Set(failures.map((failure) => events[failure.index]._id.toHexString()));
    }
  }
}

function byClient<T extends { clientId: Types.ObjectId }>(events: readonly T[]): Map<Types.ObjectId, T[]> {
  const groups = new Map<string, { client: Types.ObjectId; events: T[] }>();
  for (const event of events) {
    const key = event.clientId.toHexString();
    const group = groups.get(key) ?? { client: event.clientId, events: [] };
    group.events.push(event);
    groups.set(key, group);
  }
  return new Map([...groups.values()].map(({ client, events: list }) => [client, list]));
}
