import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { StoredTrip } from '../store/stored-trip.schema';
import { AddressResolver } from './address-resolver.service';
import { polylineEnds } from './route-polyline';

/** A trip as reports show it: the summary, its ends and their addresses. */
export interface ReportTrip {
  id: number;
  /** unix seconds */
  begin: number;
  end: number;
  /** km */
  distance: number;
  /** seconds */
  duration: number;
  /** km/h */
  maxSpeed: number;
  startPoint: { lat: number; lng: number } | null;
  endPoint: { lat: number; lng: number } | null;
  startAddress: string | null;
  endAddress: string | null;
}

/** The fields a report reads: not the positions, the trip's `_id` or its other figures. */
const REPORT_FIELDS = { _id: 0, trackerId: 1, id: 1, begin: 1, end: 1, distance: 1, duration: 1, max_speed: 1, route: 1 } as const;
type ReportFields = Pick<StoredTrip, 'trackerId' | 'id' | 'begin' | 'end' | 'distance' | 'duration' | 'max_speed' | 'route'>;

/**
 * Trips of a tracker for reports (the store source): those that begin in the period, oldest
 * first, with start and end addresses. The caller has checked the tracker is the caller's.
 */
@Injectable()
export class TripReader {
  constructor(
    @InjectModel(StoredTrip.name) private readonly stored: Model<StoredTrip>,
    private readonly addresses: AddressResolver,
  ) {}

  async ofTracker(trackerId: Types.ObjectId, fromS: number, toS: number, requestId: string): Promise<ReportTrip[]> {
    return (await this.ofTrackers([trackerId], fromS, toS, requestId)).get(trackerId.toHexString()) ?? [];
  }

  /** A tracker's driving in a period: km and seconds of the trips that begin in it (no addresses; one read). */
  async drivingTotals(trackerId: Types.ObjectId, fromS: number, toS: number): Promise<{ distanceKm: number; seconds: number }> {
    const trips = await this.stored.collection
      .find<Pick<StoredTrip, 'distance' | 'duration'>>({ trackerId, begin: { $gte: fromS, $lte: toS } }, { projection: { _id: 0, distance: 1, duration: 1 } })
      .toArray();
    return trips.reduce((sum, trip) => ({ distanceKm: sum.distanceKm + trip.distance, seconds: sum.seconds + trip.duration }), { distanceKm: 0, seconds: 0 });
  }

  /**
   * The trips of several trackers, by tracker id (hex), each oldest first: one query for all of
   * them (a report of 100 assets read them one tracker at a time: on the embedded server each such
   * query scans the trips, so 100 scans instead of one) and one pass over their addresses.
   */
  async ofTrackers(trackerIds: readonly Types.ObjectId[], fromS: number, toS: number, requestId: string): Promise<Map<string, ReportTrip[]>> {
    const answer = new Map<string, ReportTrip[]>(trackerIds.map((id) => [id.toHexString(), []]));
    if (trackerIds.length === 0) return answer;
    const found = await this.stored.collection
      .find<ReportFields>(
        { trackerId: trackerIds.length === 1 ? trackerIds[0] : { $in: [...trackerIds] }, begin: { $gte: fromS, $lte: toS } },
        { projection: REPORT_FIELDS },
      )
      .toArray();
    // Sorted here: on mongo-java-server, sorting a month of 100 trackers' trips cost more than finding them.
    found.sort((a, b) => a.begin - b.begin || a.id - b.id);
    const ends = found.map((trip) => polylineEnds(trip.route ?? ''));
    const addresses = await this.addresses.addressesOf(
      ends.flatMap((e) => [e.start ?? undefined, e.end ?? undefined]),
      requestId,
    );
    found.forEach((trip, i) => {
      answer.get(trip.trackerId.toHexString())?.push({
        id: trip.id,
        begin: trip.begin,
        end: trip.end,
        distance: trip.distance,
        duration: trip.duration,
        maxSpeed: trip.max_speed,
        startPoint: ends[i].start,
        endPoint: ends[i].end,
        startAddress: addresses[2 * i] ?? null,
        endAddress: addresses[2 * i + 1] ?? null,
      });
    });
    return answer;
  }
}
