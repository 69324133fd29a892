import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { ExpiringCache } from '@app/database';
import { TripReader } from '../../positions';
import { ROUTE_ETA } from './stop-etas';

const DAY_MS = 86_400_000;
/** Less driving than this in a week says nothing of a vehicle's speed. */
const MIN_DRIVING_S = 60;

/**
 * A vehicle's average moving speed over the last 7 days — its trips' distance over their driving
 * time — or 35 km/h without such history: read once per asset and (UTC) day.
 */
@Injectable()
export class AssetSpeeds {
  private readonly speeds = new ExpiringCache<number>(DAY_MS, 50_000);

  constructor(private readonly trips: TripReader) {}

  of(assetId: Types.ObjectId, trackerId: Types.ObjectId, now = Date.now()): Promise<number> {
    const day = new Date(now).toISOString().slice(0, 10);
    return this.speeds.get(`${assetId.toHexString()}:${trackerId.toHexString()}:${day}`, async () => {
      const nowS = Math.floor(now / 1000);
      const driving = await this.trips.drivingTotals(trackerId, nowS - ROUTE_ETA.historyDays * 86_400, nowS);
      if (driving.seconds < MIN_DRIVING_S || driving.distanceKm <= 0) return ROUTE_ETA.defaultSpeedKmh;
      return driving.distanceKm / (driving.seconds / 3600);
    });
  }
}
