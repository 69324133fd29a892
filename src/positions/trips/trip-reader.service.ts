import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { StoredTrip } from '../store/stored-trip.schema';
import { AddressResolver } from './address-resolver.service';

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

/** Decodes a Google encoded polyline (the trips' `route`). */
export function decodePolyline(encoded: string): Array<{ lat: number; lng: number }> {
  const points: Array<{ lat: number; lng: number }> = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && index < encoded.length);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push({ lat: lat / 1e5, lng: lng / 1e5 });
  }
  return points;
}

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

  /**
   * The trips of several trackers, by tracker id (hex), each oldest first: one query for all of
   * them (a report of 100 assets read them one tracker at a time: on the embedded server each such
   * query scans the trips, so 100 scans instead of one) and one pass over their addresses.
   */
  async ofTrackers(trackerIds: readonly Types.ObjectId[], fromS: number, toS: number, requestId: string): Promise<Map<string, ReportTrip[]>> {
    const answer = new Map<string, ReportTrip[]>(trackerIds.map((id) => [id.toHexString(), []]));
    if (trackerIds.length === 0) return answer;
    const found = await this.stored.collection
      .find<StoredTrip>({ trackerId: trackerIds.length === 1 ? trackerIds[0] : { $in: [...trackerIds] }, begin: { $gte: fromS, $lte: toS } }, { projection: { positions: 0, positionsInBuckets: 0 } })
      .sort({ begin: 1 })
      .toArray();
    const ends = found.map((trip) => {
      const route = trip.route ? decodePolyline(trip.route) : [];
      return { start: route[0] ?? null, end: route.at(-1) ?? null };
    });
    const addresses = await this.addresses.addressesOf(ends.flatMap((e) => [e.start ?? undefined, e.end ?? undefined]), requestId);
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
