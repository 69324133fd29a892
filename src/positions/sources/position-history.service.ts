import { Inject, Injectable } from '@nestjs/common';
import { TELEMETRY_SOURCE, TelemetryDevice, TelemetrySource } from '../telemetry/telemetry-source';

export interface PositionAt {
  ts: number;
  lat: number;
  lng: number;
}

/** Where a device was at a moment, from whichever source serves telemetry (the store or flespi). */
@Injectable()
export class PositionHistory {
  constructor(@Inject(TELEMETRY_SOURCE) private readonly source: TelemetrySource) {}

  /** The device's located message nearest to `ts` (unix s) within `withinS` either side, or null. */
  async nearest(device: TelemetryDevice, ts: number, withinS: number, requestId: string): Promise<PositionAt | null> {
    const points = await this.source.points(device, { from: Math.floor(ts - withinS), to: Math.ceil(ts + withinS) }, { requestId });
    let best: PositionAt | null = null;
    for (const point of points) {
      if (point.lat === null || point.lng === null) continue;
      if (!best || Math.abs(point.ts - ts) < Math.abs(best.ts - ts)) best = { ts: point.ts, lat: point.lat, lng: point.lng };
    }
    return best;
  }
}
