import { Injectable, OnModuleInit } from '@nestjs/common';
import { TripDriverHook } from '../../positions';
import { DriverAssignments } from '../assignments/driver-assignments';

/** Plugs the assignments into the telemetry's trips: each trip's driver is the one at its start. */
@Injectable()
export class TripDriverLabels implements OnModuleInit {
  constructor(
    private readonly hook: TripDriverHook,
    private readonly assignments: DriverAssignments,
  ) {}

  onModuleInit(): void {
    this.hook.use((scope, assetId, begins) =>
      this.assignments.labelsFor(
        scope,
        begins.map((at) => ({ assetId, at })),
      ),
    );
  }
}
