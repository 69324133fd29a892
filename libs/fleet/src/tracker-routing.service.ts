import { Injectable } from '@nestjs/common';
import { Model } from 'mongoose';
import { InjectUnscopedModel } from '@app/database';
import type { StoredTracker } from './asset-directory.service';
import { Tracker } from './tracker.schema';

/**
 * Telemetry arrives from devices, not from a user: messages are routed to their tracker by the
 * vendor's device id, unique across the platform, whichever client owns it. The one reader of
 * trackers without a caller's scope.
 */
@Injectable()
export class TrackerRouting {
  constructor(@InjectUnscopedModel(Tracker) private readonly trackers: Model<Tracker>) {}

  /** By the unique vendorId index: a lookup on every server. */
  findByVendorId(vendorId: number): Promise<StoredTracker | null> {
    return this.trackers.findOne({ vendorId }).lean<StoredTracker>().exec();
  }

  /** The trackers of a batch's devices in one read (`$in` on the same index), by vendorId. */
  async findByVendorIds(vendorIds: readonly number[]): Promise<Map<number, StoredTracker>> {
    if (vendorIds.length === 0) return new Map();
    const found = await this.trackers.find({ vendorId: { $in: [...vendorIds] } }).lean<StoredTracker[]>().exec();
    return new Map(found.map((tracker) => [tracker.vendorId, tracker]));
  }
}
