import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { ASSIGNMENT_SOURCES, AssignmentSource, DriverAssignment } from './schemas/driver-assignment.schema';

/** A driver at the wheel of an asset over a span of time. */
export class DriverAssignmentView {
  id: string;
  assetId: string;
  driverId: string;
  /** @example "Juana Pérez" */
  driverName: string;
  from: Date;
  /** null: still driving (an open assignment, closed by the next one). */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  to: Date | null;
  /** `manual`: set through the API; `telemetry`: from the driver key the tracker sent. */
  @ApiProperty({ enum: ASSIGNMENT_SOURCES })
  source: AssignmentSource;
}

export function toDriverAssignmentView(assignment: Stored<DriverAssignment>, driverName: string): DriverAssignmentView {
  return {
    id: assignment._id.toHexString(),
    assetId: assignment.assetId.toHexString(),
    driverId: assignment.driverId.toHexString(),
    driverName,
    from: assignment.from,
    to: assignment.to,
    source: assignment.source,
  };
}
