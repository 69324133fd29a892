import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { StoredTrip, storedTripId } from '../store/stored-trip.schema';
import { TelemetryPointsReader } from '../store/telemetry-points.reader';
import { detectTrips, TRIP_RULES } from '../telemetry/trip-detector';
import { buildTrip } from '../telemetry/trip-builder';

export interface TripWindow {
  /** The oldest and newest timestamps that arrived. */
  from: number;
  to: number;
  /** The tracker's newest stored timestamp. */
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
 */
@Injectable()
export class TripRecorder {
  constructor(
    @InjectModel(StoredTrip.name) private readonly trips: Model<StoredTrip>,
    private readonly reader: TelemetryPointsReader,
  ) {}

  /** Updates the trips; answers the begin of the trip still under way (null when stopped). */
  async update(trackerId: Types.ObjectId, window: TripWindow): Promise<number | null> {
    const tracker = trackerId.toHexString();
    const stop = TRIP_RULES.stopSeconds;
    const touched = await this.trips.collection
      .find<{ _id: string; begin: number }>({ trackerId, end: { $gte: window.from - stop } }, { projection: { begin: 1 } })
      .toArray();
    // Detection is trusted from `settled` on: a stop's length before anything the messages touch.
    const settled = Math.min(window.from, window.openTripBegin ?? Infinity, ...touched.map((trip) => trip.begin)) - 1;
    const points = await this.reader.points(tracker, settled - stop, Math.max(window.latest, window.to));
    const detected = detectTrips(points);
    const keep = detected.trips.filter((trip) => trip.begin >= settled);
    const keepIds = new Set(keep.map((trip) => storedTripId(tracker, trip.begin)));
    const stale = touched.filter((trip) => trip.begin >= settled && !keepIds.has(trip._id)).map((trip) => trip._id);
    const writes: object[] = keep.map((trip) => {
      const _id = storedTripId(tracker, trip.begin);
      const record = buildTrip({ id: trip.begin, begin: trip.begin, end: trip.end }, trip.points);
      return { replaceOne: { filter: { _id }, replacement: { _id, trackerId, ...record }, upsert: true } };
    });
    if (stale.length > 0) writes.push({ deleteMany: { filter: { _id: { $in: stale } } } });
    if (writes.length > 0) await this.trips.collection.bulkWrite(writes as never[], { ordered: false });
    return detected.openBegin;
  }
}
