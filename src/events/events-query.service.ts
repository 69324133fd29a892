import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { decodeCursor, encodeCursor, InjectRepository, OWNER_VISIBILITY, OwnerVisibility, Page, pageSize, TenantRepository } from '@app/database';
import { validationFailed } from '@app/errors';
import { Asset } from '@app/fleet';
import { ListEventsDto } from './dto/list-events.dto';
import { assetDayId, clientHourPartId, DAY_S, HOUR_S } from './event-ids';
import type { StoredFleetEvent } from './fleet-event.types';
import { FleetEvent } from './schemas/fleet-event.schema';
import { EventIndexEntry, FleetEventIndex } from './schemas/fleet-event-index.schema';

const DEFAULT_PERIOD_MS = 30 * DAY_S * 1000;
const MAX_PERIOD_MS = 366 * DAY_S * 1000;
/** Index documents whose sizes are read at once (a page of a quiet client may cross many empty hours). */
const MAX_BUCKETS_PER_READ = 64;

interface Bucket {
  id: Types.ObjectId;
  start: number;
  /** A client's hour: the id of its part `n` (part 0 is `id`). */
  partId?: (part: number) => Types.ObjectId;
}

/**
 * Reading events: by id through the events' repository (client, tracker scope), and lists through
 * the index documents, newest bucket first — a client's hours, or with `assetId` that asset's
 * days — read by `_id`, so a page costs the same at the top and a million events deep.
 */
@Injectable()
export class EventsQueryService {
  constructor(
    @InjectRepository(FleetEvent) private readonly events: TenantRepository<FleetEvent>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    @InjectModel(FleetEventIndex.name) private readonly index: Model<FleetEventIndex>,
    // Which assets the caller may see (`@app/fleet`): their events, and no others, are listed.
    @Inject(OWNER_VISIBILITY) private readonly visibility: OwnerVisibility,
  ) {}

  get(auth: AuthContext, id: string): Promise<StoredFleetEvent> {
    return this.events.findByIdOrFail(auth, id, 'Event');
  }

  async list(auth: AuthContext, query: ListEventsDto): Promise<Page<StoredFleetEvent>> {
    const to = query.to ? new Date(query.to) : new Date();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_PERIOD_MS);
    if (from > to) throw validationFailed([{ path: 'from', message: 'from must not be after to' }]);
    if (to.getTime() - from.getTime() > MAX_PERIOD_MS)
      throw validationFailed([{ path: 'from', message: 'at most 366 days between from and to: narrow the period' }]);
    const after = query.cursor ? decodeCursor(query.cursor, 'occurredAt') : null;
    const upper = after && after.value instanceof Date && after.value < to ? after.value : to;
    const limit = pageSize(query.limit);

    const accepts = await this.filterOf(auth, query);
    if (!accepts) return { items: [], nextCursor: null };
    const before = (entry: EventIndexEntry) =>
      !after || entry.at < (after.value as Date) || (entry.at.getTime() === (after.value as Date).getTime() && entry.id.toHexString() < after.id.toHexString());
    const wanted = (entry: EventIndexEntry) => entry.at >= from && entry.at <= to && before(entry) && accepts(entry);

    const entries = await this.collect(this.buckets(auth, query.assetId, from, upper), wanted, limit + 1);
    const found = new Map(
      (
        await this.events.findByIds(
          auth,
          entries.slice(0, limit).map((entry) => entry.id.toHexString()),
        )
      ).map((event) => [event._id.toHexString(), event]),
    );
    // An entry whose event a crash kept from being stored is skipped (the next detection stores it).
    const items = entries.slice(0, limit).flatMap((entry) => found.get(entry.id.toHexString()) ?? []);
    const last = items.at(-1);
    return { items, nextCursor: entries.length > limit && last ? encodeCursor(last as unknown as Record<string, unknown>, 'occurredAt') : null };
  }

  /** What an index entry must be to be listed; null when nothing can be (an asset the caller may not see). */
  private async filterOf(auth: AuthContext, query: ListEventsDto): Promise<((entry: EventIndexEntry) => boolean) | null> {
    const types = query.type ? new Set(query.type.split(',')) : null;
    const geofenceId = query.geofenceId?.toLowerCase();
    const placeId = query.placeId?.toLowerCase();
    if (query.assetId && !(await this.assets.findById(auth, query.assetId))) return null;
    const owners = query.assetId ? undefined : await this.visibility.visibleOwners(auth);
    const visible = owners && new Set(owners.map(String));
    return (entry) =>
      (!types || types.has(entry.type)) &&
      (!geofenceId || entry.geofenceId?.toHexString() === geofenceId) &&
      (!placeId || entry.placeId?.toHexString() === placeId) &&
      (!visible || visible.has(entry.assetId.toHexString()));
  }

  /** The index documents of the period, newest first: the asset's days, or the client's hours. */
  private *buckets(auth: AuthContext, assetId: string | undefined, from: Date, upper: Date): Generator<Bucket> {
    const step = assetId ? DAY_S : HOUR_S;
    const first = Math.floor(from.getTime() / 1000 / step) * step;
    for (let start = Math.floor(upper.getTime() / 1000 / step) * step; start >= first; start -= step) {
      yield assetId
        ? { id: assetDayId(new Types.ObjectId(assetId), start), start }
        : { id: clientHourPartId(auth.clientId, start, 0), start, partId: (part: number) => clientHourPartId(auth.clientId, start, part) };
    }
  }

  /**
   * Walks the buckets newest first until `count` wanted entries are found or the period ends: the
   * sizes of up to 64 buckets first (a small projection: most hours of a client may be empty), and
   * of the further parts of the hours that have several, then only as many whole documents, in
   * order, as their sizes say the page needs. A bucket's parts are read together, and an event
   * found in two of them (indexed again after its hour moved on to a new part) is listed once.
   */
  private async collect(buckets: Generator<Bucket>, wanted: (entry: EventIndexEntry) => boolean, count: number): Promise<EventIndexEntry[]> {
    const found: EventIndexEntry[] = [];
    while (found.length < count) {
      const batch = take(buckets, MAX_BUCKETS_PER_READ);
      if (batch.length === 0) break;
      const { present, partsOf, sizeOf } = await this.sizes(batch);
      for (let next = 0; next < present.length && found.length < count;) {
        const group: Bucket[] = [];
        for (let needed = count - found.length; next < present.length && needed > 0; next++) {
          group.push(present[next]);
          needed -= Math.max(sizeOf(present[next]), 1);
        }
        const docs = await this.index.collection.find<FleetEventIndex>({ _id: { $in: group.flatMap(partsOf) } } as never).toArray();
        const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
        for (const bucket of group) {
          const inParts = partsOf(bucket).flatMap((id) => byId.get(id.toHexString())?.entries ?? []);
          const entries = [...new Map(inParts.filter(wanted).map((entry) => [entry.id.toHexString(), entry])).entries()].map(([key, entry]) => ({
            entry,
            key,
          }));
          entries.sort((a, b) => b.entry.at.getTime() - a.entry.at.getTime() || (b.key < a.key ? -1 : 1));
          found.push(...entries.map(({ entry }) => entry));
          if (found.length >= count) break;
        }
      }
    }
    return found;
  }

  /** Of a batch of buckets: those that exist, the ids of each one's parts, and how many entries each holds. */
  private async sizes(
    batch: readonly Bucket[],
  ): Promise<{ present: Bucket[]; partsOf: (bucket: Bucket) => Types.ObjectId[]; sizeOf: (bucket: Bucket) => number }> {
    const read = (ids: Types.ObjectId[]) =>
      this.index.collection
        .find<{ _id: Types.ObjectId; count?: number; parts?: number }>({ _id: { $in: ids } } as never, { projection: { count: 1, parts: 1 } })
        .toArray();
    const heads = new Map((await read(batch.map((bucket) => bucket.id))).map((doc) => [doc._id.toHexString(), doc]));
    const present = batch.filter((bucket) => heads.has(bucket.id.toHexString()));
    const parts = new Map(
      present.map((bucket) => {
        const further = bucket.partId ? Array.from({ length: (heads.get(bucket.id.toHexString())!.parts ?? 1) - 1 }, (_, i) => bucket.partId!(i + 1)) : [];
        return [bucket, [bucket.id, ...further]];
      }),
    );
    const further = [...parts.values()].flatMap((ids) => ids.slice(1));
    const counts = new Map(
      [...heads.values(), ...(further.length > 0 ? await read(further) : [])].map((doc) => [doc._id.toHexString(), doc.count ?? Infinity]),
    );
    return {
      present,
      partsOf: (bucket) => parts.get(bucket)!,
      sizeOf: (bucket) => parts.get(bucket)!.reduce((sum, id) => sum + (counts.get(id.toHexString()) ?? 0), 0),
    };
  }
}

function take<T>(items: Generator<T>, size: number): T[] {
  const taken: T[] = [];
  for (let next = taken.length < size ? items.next() : null; next && !next.done; next = taken.length < size ? items.next() : null) taken.push(next.value);
  return taken;
}
