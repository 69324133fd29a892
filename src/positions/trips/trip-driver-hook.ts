import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { TrackedScope } from '@app/database';

/** Who drove a trip: the driver assigned to its asset when it began (docs/dispatch.md). */
export interface TripDriver {
  driverId: string | null;
  driverName: string | null;
}

export type TripDriverLabelling = (scope: TrackedScope, assetId: Types.ObjectId, begins: readonly Date[]) => Promise<TripDriver[]>;

const NOBODY: TripDriver = Object.freeze({ driverId: null, driverName: null });

/**
 * Where the drivers domain plugs its assignments in (it depends on telemetry, not the reverse):
 * `DriverTelemetryModule` calls `use` at start; without it every trip's driver is null.
 */
@Injectable()
export class TripDriverHook {
  private labelling: TripDriverLabelling | null = null;

  use(labelling: TripDriverLabelling): void {
    this.labelling = labelling;
  }

  /** Each trip's driver, by trip id; one lookup for them all. */
  async of(
    scope: TrackedScope,
    assetId: Types.ObjectId | null | undefined,
    trips: ReadonlyArray<{ id: number; begin: number }>,
  ): Promise<Map<number, TripDriver>> {
    if (!this.labelling || !assetId || trips.length === 0) return new Map();
    const drivers = await this.labelling(
      scope,
      assetId,
      trips.map((trip) => new Date(trip.begin * 1000)),
    );
    return new Map(trips.map((trip, i) => [trip.id, drivers[i] ?? NOBODY]));
  }

  static readonly NOBODY = NOBODY;
}
