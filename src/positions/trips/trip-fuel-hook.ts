import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { TrackedScope } from '@app/database';

/** What a trip burned and cost (the fuel domain computes it; docs/fuel-cargo.md). */
export interface TripFuelFigures {
  liters: number;
  cost: number;
  tariffId: string;
}

/** The trip fields a cost is derived from. */
export interface CostedTrip {
  id: number;
  /** unix seconds */
  begin: number;
  /** km */
  distance: number;
}

export type TripFuelCosting = (
  scope: TrackedScope,
  assetId: Types.ObjectId | null | undefined,
  trackerId: Types.ObjectId,
  trips: readonly CostedTrip[],
) => Promise<Map<number, TripFuelFigures | null>>;

/**
 * Where the fuel domain plugs its trip costing in (it depends on telemetry, not the reverse):
 * `FuelModule` calls `use` at start; without it every trip's fuel is null.
 */
@Injectable()
export class TripFuelHook {
  private costing: TripFuelCosting | null = null;

  use(costing: TripFuelCosting): void {
    this.costing = costing;
  }

  async of(
    scope: TrackedScope,
    assetId: Types.ObjectId | null | undefined,
    trackerId: Types.ObjectId,
    trips: readonly CostedTrip[],
  ): Promise<Map<number, TripFuelFigures | null>> {
    return this.costing ? this.costing(scope, assetId, trackerId, trips) : new Map();
  }
}
