import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { assetDayId, clientHourPartId, DAY_S, HOUR_S } from './event-ids';
import type { StoredFleetEvent } from './fleet-event.types';
import { OpenIndexParts } from './open-index-parts';
import { FleetEventIndex } from './schemas/fleet-event-index.schema';

type Indexed = Pick<StoredFleetEvent, '_id' | 'clientId' | 'assetId' | 'occurredAt' | 'type' | 'geofenceId'> & { placeId?: StoredFleetEvent['placeId'] };

interface Bucket {
  /** `client|{clientId}|{hour}` or `asset|{assetId}|{day}`. */
  key: string;
  scope: 'client' | 'asset';
  start: number;
  clientId?: Types.ObjectId;
  assetId?: Types.ObjectId;
  entries: object[];
}

const hourOf = (event: Pick<Indexed, 'occurredAt'>) => Math.floor(event.occurredAt.getTime() / 1000 / HOUR_S) * HOUR_S;
const dayOf = (event: Pick<Indexed, 'occurredAt'>) => Math.floor(event.occurredAt.getTime() / 1000 / DAY_S) * DAY_S;

/**
 * Writes the events index (fleet-event-index.schema.ts): each event's entry in its client's hour
 * and in its asset's day. A client's hour is split into numbered parts of about
 * EVENT_INDEX_PART_ENTRIES entries (`OpenIndexParts` says which part this instance appends to), so
 * a busy fleet's hour never nears MongoDB's 16 MB document limit; readers read every part that
 * part 0's `parts` names. An asset's day stays one document: one vehicle's events of a day.
 * Safe to call concurrently, here and on other instances: every write is an upsert by `_id`.
 */
@Injectable()
export class EventIndexWriter {
  private readonly open: OpenIndexParts;

  constructor(
    @InjectModel(FleetEventIndex.name) private readonly index: Model<FleetEventIndex>,
    config: AppConfig,
  ) {
    this.open = new OpenIndexParts(config.get('EVENT_INDEX_PART_ENTRIES'));
  }

  /**
   * Appends the events' entries, by `_id` (lookups), upserted; `$addToSet` keeps one entry per
   * event in a document however often it comes (`count` may then run ahead: readers use it to plan
   * their reads, never to decide what to list; an event indexed again after its hour moved to a
   * new part is in both, and readers keep one).
   */
  async add(events: readonly Indexed[]): Promise<void> {
    const buckets = new Map<string, Bucket>();
    const add = (bucket: Omit<Bucket, 'entries'>, entry: object) => {
      const found = buckets.get(bucket.key) ?? { ...bucket, entries: [] };
      found.entries.push(entry);
      buckets.set(bucket.key, found);
    };
    for (const event of events) {
      // `placeId` only on place events: an entry is appended with `$addToSet`, so the entry of an
      // event indexed again keeps the shape it had.
      const entry = {
        id: event._id,
        at: event.occurredAt,
        type: event.type,
        assetId: event.assetId,
        geofenceId: event.geofenceId,
        ...(event.placeId ? { placeId: event.placeId } : {}),
      };
      const hour = hourOf(event);
      const day = dayOf(event);
      add({ key: `client|${event.clientId}|${hour}`, scope: 'client', start: hour, clientId: event.clientId }, entry);
      add({ key: `asset|${event.assetId}|${day}`, scope: 'asset', start: day, assetId: event.assetId }, entry);
    }
    const hours = [...buckets.values()].filter((bucket) => bucket.scope === 'client');
    const ops = [...buckets.values()].map((bucket) => {
      const part = bucket.scope === 'client' ? this.open.partOf(bucket.key) : 0;
      return {
        updateOne: {
          filter: { _id: this.idOf(bucket, part) },
          update: {
            $setOnInsert: { scope: bucket.scope, start: bucket.start },
            $addToSet: { entries: { $each: bucket.entries } },
            $inc: { count: bucket.entries.length },
          },
          upsert: true,
        },
      };
    });
    await this.index.collection.bulkWrite(ops, { ordered: false });
    await this.lookAtParts(hours.filter((bucket) => this.open.wrote(bucket.key, bucket.start, bucket.entries.length)));
    if (this.open.size > 10_000) this.open.forgetBefore(Math.max(...hours.map((bucket) => bucket.start), 0) - 2 * DAY_S);
  }

  /** Removes events' entries from every document that may hold them: their asset's day, and every part of their client's hour. */
  async remove(events: readonly Indexed[]): Promise<void> {
    if (events.length === 0) return;
    const parts = await this.partsOf(events.map((event) => ({ clientId: event.clientId, start: hourOf(event) })));
    const ops = events.flatMap((event) => {
      const pull = { $pull: { entries: { id: event._id } }, $inc: { count: -1 } };
      const hour = hourOf(event);
      const hourParts = parts.get(`${event.clientId}|${hour}`) ?? 1;
      return [
        ...Array.from({ length: hourParts }, (_, part) => ({ updateOne: { filter: { _id: clientHourPartId(event.clientId, hour, part) }, update: pull } })),
        { updateOne: { filter: { _id: assetDayId(event.assetId, dayOf(event)) }, update: pull } },
      ];
    });
    await this.index.collection.bulkWrite(ops as never[], { ordered: false });
  }

  private idOf(bucket: Omit<Bucket, 'entries'>, part: number): Types.ObjectId {
    return bucket.scope === 'client' ? clientHourPartId(bucket.clientId!, bucket.start, part) : assetDayId(bucket.assetId!, bucket.start);
  }

  /** Reads part 0 and the part written of these hours; a full part's successor is announced on part 0 before anything is appended to it. */
  private async lookAtParts(hours: readonly Bucket[]): Promise<void> {
    if (hours.length === 0) return;
    const ids = hours.flatMap((bucket) => [...new Set([0, this.open.partOf(bucket.key)])].map((part) => this.idOf(bucket, part)));
    const docs = new Map(
      (
        await this.index.collection
          .find<{ _id: Types.ObjectId; count?: number; parts?: number }>({ _id: { $in: ids } } as never, { projection: { count: 1, parts: 1 } })
          .toArray()
      ).map((doc) => [doc._id.toHexString(), doc]),
    );
    const moves = hours.map((bucket) => {
      const seen = {
        parts: docs.get(this.idOf(bucket, 0).toHexString())?.parts ?? 1,
        count: docs.get(this.idOf(bucket, this.open.partOf(bucket.key)).toHexString())?.count ?? 0,
      };
      return { bucket, ...this.open.decide(bucket.key, seen) };
    });
    const announced = moves.filter((move) => move.announce);
    if (announced.length > 0) {
      await this.index.collection.bulkWrite(
        announced.map(({ bucket, part }) => ({ updateOne: { filter: { _id: this.idOf(bucket, 0) }, update: { $max: { parts: part + 1 } } } })),
        { ordered: false },
      );
    }
    for (const { bucket, part } of moves) this.open.use(bucket.key, part);
  }

  /** How many parts each of these client hours has (part 0's `parts`; 1 when it names none), by `{clientId}|{hour}`. */
  private async partsOf(hours: ReadonlyArray<{ clientId: Types.ObjectId; start: number }>): Promise<Map<string, number>> {
    const unique = new Map(hours.map((hour) => [`${hour.clientId}|${hour.start}`, hour]));
    const ids = [...unique.values()].map((hour) => clientHourPartId(hour.clientId, hour.start, 0));
    const docs = await this.index.collection
      .find<{ _id: Types.ObjectId; parts?: number }>({ _id: { $in: ids } } as never, { projection: { parts: 1 } })
      .toArray();
    const partsById = new Map(docs.map((doc) => [doc._id.toHexString(), doc.parts ?? 1]));
    return new Map([...unique].map(([key, hour]) => [key, partsById.get(clientHourPartId(hour.clientId, hour.start, 0).toHexString()) ?? 1]));
  }
}
