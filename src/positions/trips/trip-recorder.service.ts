import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { MAX_INLINE_TRIP_POSITIONS, StoredTrip, storedTripId } from '../store/stored-trip.schema';
import { TelemetryPointsReader, UncompactedPoints } from '../store/telemetry-points.reader';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { continueTrips, detectTrips, TRIP_RULES, TripProgress } from '../telemetry/trip-detector';
import { buildTrip } from '../telemetry/trip-builder';

export interface TripWindow {
  /** The messages that arrived, in any order. */
  points: readonly TelemetryPoint[];
  /** The tracker's newest stored timestamp known before them. */
  latest: number;
  /** The begin of the trip under way before these messages, if any. */
  openTripBegin: number | null;
}

/**
 * Keeps a tracker's stored trips in step with its messages: after each write, the stretch the
 * new messages can change is detected again (from a stop before the earliest trip they touch to
 * the newest message) and the stored trips that begin inside it are replaced by what was
 * detected. A trip's id is its begin (unix seconds), so detecting the same messages again gives
 * the same trips: re-sent and reordered messages change nothing.
 *
 * Messages that only follow on (newer than any seen, closing no trip: a vehicle driving on) need
 * no read: the progress kept with the latest position says where detection stood. Without it,
 * every batch of a long drive would read the whole trip again, making ingestion quadratic
 * (docs/performance.md, "Live positions and tracks").
 */
@Injectable()
export class TripRecorder {
  constructor(
    @InjectModel(StoredTrip.name) private readonly trips: Model<StoredTrip>,
    private readonly reader: TelemetryPointsReader,
  ) {}

  /**
   * Updates the trips; answers where detection stands now, to be passed back with the next
   * messages. `uncompacted`: the tracker's points not yet in the buckets (its owner holds them).
   */
  async update(trackerId: Types.ObjectId, window: TripWindow, progress: TripProgress | null, uncompacted?: UncompactedPoints): Promise<TripProgress> {
    const arriving = [...window.points].sort((a, b) => a.ts - b.ts);
    const followed = progress && continueTrips(progress, arriving);
    if (followed) return followed;
    const from = arriving[0].ts;
    const to = Math.max(arriving[arriving.length - 1].ts, window.latest, progress?.seenTo ?? -Infinity);
    const tracker = trackerId.toHexString();
    const stop = TRIP_RULES.stopSeconds;
    // Messages all newer than what detection saw change no stored trip (only the one under way,
    // not stored yet): the stored ones are looked for only after a late or repeated message (the
    // query scans the trips on mongo-java-server).
    const inOrder = progress !== null && from > progress.seenTo;
    const touched = inOrder
      ? []
      : await this.trips.collection.find<{ _id: string; begin: number }>({ trackerId, end: { $gte: from - stop } }, { projection: { begin: 1 } }).toArray();
    // Detection is trusted from `settled` on: a stop's length before anything the messages touch.
    const settled = Math.min(from, window.openTripBegin ?? Infinity, ...touched.map((trip) => trip.begin)) - 1;
    const points = await this.reader.points(tracker, settled - stop, to, uncompacted);
    const detected = detectTrips(points);
    const keep = detected.trips.filter((trip) => trip.begin >= settled);
    const keepIds = new Set(keep.map((trip) => storedTripId(tracker, trip.begin)));
    const stale = touched.filter((trip) => trip.begin >= settled && !keepIds.has(trip._id)).map((trip) => trip._id);
    const writes: object[] = keep.map((trip) => {
      const _id = storedTripId(tracker, trip.begin);
      const built = buildTrip({ id: trip.begin, begin: trip.begin, end: trip.end }, trip.points);
      const record = built.positions.length > MAX_INLINE_TRIP_POSITIONS ? { ...built, positions: [], positionsInBuckets: true } : built;
      return { replaceOne: { filter: { _id }, replacement: { _id, trackerId, ...record }, upsert: true } };
    });
    if (stale.length > 0) writes.push({ deleteMany: { filter: { _id: { $in: stale } } } });
    if (writes.length > 0) await this.trips.collection.bulkWrite(writes as never[], { ordered: false });
    return { openBegin: detected.openBegin, openLastMoving: detected.openLastMoving, seenTo: points.length > 0 ? points[points.length - 1].ts : to };
  }
}
