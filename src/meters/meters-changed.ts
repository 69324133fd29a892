import { Topic } from '@app/bus';
import type { Types } from 'mongoose';

/** An asset's meters after a change. */
export interface MeterChange {
  clientId: Types.ObjectId;
  assetId: Types.ObjectId;
  odometerKm: number;
  engineHours: number;
}

/**
 * Told when an asset's meters changed in a way someone asked to hear: a reading (always), or
 * telemetry that reached the asset's `watch` (the service plans' next threshold). Heard on the
 * instance that made the change, awaited before the batch or request is answered.
 */
export const METERS_CHANGED = new Topic<readonly MeterChange[]>('meters.changed');
