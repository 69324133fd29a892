import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { TenantScope } from '@app/database';
import { DriverAssignments } from '../drivers';
import { type DriverSpan, DriverSpans } from './driver-spans';

const seconds = (date: Date) => date.getTime() / 1000;

/** The spans of the driver assignments (manual over telemetry, as the drivers domain resolves them), in unix seconds. */
@Injectable()
export class AssignedDriverSpans extends DriverSpans {
  constructor(private readonly assignments: DriverAssignments) {
    super();
  }

  async of(scope: TenantScope, assetIds: readonly Types.ObjectId[], fromS: number, toS: number): Promise<Map<string, DriverSpan[]>> {
    // `spansFor` takes a half-open period: the last second of ours included.
    const found = await this.assignments.spansFor(scope, assetIds, new Date(fromS * 1000), new Date((toS + 1) * 1000));
    return new Map(
      [...found].map(([assetId, spans]) => [
        assetId,
        spans.map((span) => ({ driverId: span.driverId, driverName: span.driverName, from: seconds(span.from), to: span.to ? seconds(span.to) : null })),
      ]),
    );
  }
}
