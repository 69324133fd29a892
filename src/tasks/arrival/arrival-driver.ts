import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';

/** Who drove an asset at a moment. */
export interface DriverAtMoment {
  driverId: Types.ObjectId;
  driverName: string;
}

/**
 * The seam for driver assignments (docs/dispatch.md, "Drivers on vehicles"): the driver of an
 * asset at a task's arrival, which labels a task that has none of its own. Until assignments are
 * read here it answers none, and a task keeps the driver it was given (`driverId`).
 */
@Injectable()
export class ArrivalDriver {
  async at(_clientId: Types.ObjectId, _assetId: Types.ObjectId, _moment: Date): Promise<DriverAtMoment | null> {
    return null;
  }
}
