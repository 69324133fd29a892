import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { latestRecordAt, LatestPositionStore } from '../store/latest-position.store';
import { StoredTrip, storedTripId } from '../store/stored-trip.schema';
import { TelemetryStoreWriter } from '../store/telemetry-store-writer.service';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import type { TripRecord } from '../telemetry/trip-record';
import { newestPositioned } from './fresh-points';
import { TrackerStateRecord } from './tracker-state.schema';

/**
 * History written straight into the store, beside the pipeline (the demo seed's days of
 * telemetry): its points into the buckets, its trips, and where the tracker then stands — its
 * newest message, no trip under way, its latest position — so that the pipeline takes the
 * tracker's next messages as following on, and its processors do not take the history again.
 * Nothing is detected from it here.
 */
@Injectable()
export class ImportedHistory {
  constructor(
    private readonly writer: TelemetryStoreWriter,
    private readonly latest: LatestPositionStore,
    @InjectModel(StoredTrip.name) private readonly trips: Model<StoredTrip>,
    @InjectModel(TrackerStateRecord.name) private readonly states: Model<TrackerStateRecord>,
  ) {}

  async write(tracker: { _id: Types.ObjectId; vendorId: number }, points: readonly TelemetryPoint[], trips: readonly TripRecord[]): Promise<void> {
    if (points.length === 0) return;
    const trackerId = tracker._id.toHexString();
    await this.writer.write(tracker._id, points);
    if (trips.length > 0)
      await this.trips.collection.insertMany(trips.map((trip) => ({ _id: storedTripId(trackerId, trip.id), trackerId: tracker._id, ...trip })) as never[]);
    const newestTs = Math.max(...points.map((point) => point.ts));
    const newest = newestPositioned(points);
    if (newest) await this.latest.persist([latestRecordAt(tracker, newest)]);
    const state = {
      trackerId: tracker._id,
      newestTs,
      processedTs: newestTs,
      unreplayed: null,
      trips: { openBegin: null, openLastMoving: null, seenTo: newestTs },
      checkpointTs: null,
      updatedAt: new Date(),
    };
    await this.states.collection.replaceOne({ _id: trackerId } as never, state, { upsert: true });
  }
}
