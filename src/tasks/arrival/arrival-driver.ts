import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { scopeOfClient } from '@app/database';
import { DriverAssignments } from '../../drivers';

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
    const span = await this.assignments.driverAt(scopeOfClient(clientId), assetId, moment);
    return span ? { driverId: new Types.ObjectId(span.driverId), driverName: span.driverName } : null;
  }
}
