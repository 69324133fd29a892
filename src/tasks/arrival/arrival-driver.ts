import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { scopeOfClient } from '@app/database';
import { DriverAssignments, type DriverMoment } from '../../drivers';

/** Who drove an asset at a moment. */
export interface DriverAtMoment {
  driverId: Types.ObjectId;
  driverName: string;
}

/**
 * The driver of an asset at a task's arrival (docs/dispatch.md, "Drivers on vehicles"), which
 * labels a task that was given none of its own (`driverId`).
 */
@Injectable()
export class ArrivalDriver {
  constructor(private readonly assignments: DriverAssignments) {}

  async at(clientId: Types.ObjectId, assetId: Types.ObjectId, moment: Date): Promise<DriverAtMoment | null> {
    return (await this.atEach(clientId, [{ assetId, at: moment }]))[0];
  }

  /** `at` for each of a client's moments, in the order given: one query for them all. */
  async atEach(clientId: Types.ObjectId, moments: readonly DriverMoment[]): Promise<Array<DriverAtMoment | null>> {
    const labels = await this.assignments.labelsFor(scopeOfClient(clientId), moments);
    return labels.map((label) => (label.driverId ? { driverId: new Types.ObjectId(label.driverId), driverName: label.driverName ?? '' } : null));
  }
}
