import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { InjectUnscopedModel } from '@app/database';
import type { StoredTracker } from './asset-directory.service';
import { Asset } from './asset.schema';
import { RefusedMessage, Tracker } from './tracker.schema';

/** How long a device's tracker is kept in memory for routing. */
export const TRACKER_CACHE_MS = 60_000;

/**
 * Telemetry arrives from devices, not from a user: messages are routed to their tracker by the
 * vendor's device id, unique across the platform, whichever client owns it, and on to the asset
 * whose main tracker it is. The one reader of trackers and assets without a caller's scope.
 */
@Injectable()
export class TrackerRouting {
  // A tracker's asset in service, kept READ_CACHE_TTL_SECONDS (a reassignment shows within it):
  // a busy stream costs one query per tracker per lifetime, not one per batch.
  private readonly assetOfTracker: LRUCache<string, { assetId: Types.ObjectId | null }>;
  // A device's tracker, kept TRACKER_CACHE_MS (a tracker's client and device id never change; one
  // deleted on another instance routes here until then), an unknown device READ_CACHE_TTL_SECONDS
  // (one registered meanwhile routes within it): a stream's batch of 500 devices is no read.
  private readonly trackerOfDevice: LRUCache<number, { tracker: StoredTracker | null }>;
  private readonly unknownTtlMs: number;

  constructor(
    @InjectUnscopedModel(Tracker) private readonly trackers: Model<Tracker>,
    @InjectUnscopedModel(Asset) private readonly assets: Model<Asset>,
    config: AppConfig,
  ) {
    this.assetOfTracker = new LRUCache({ max: 100_000, ttl: Math.max(config.readCacheTtlMs, 1) });
    this.unknownTtlMs = Math.max(config.readCacheTtlMs, 1);
    this.trackerOfDevice = new LRUCache({ max: 200_000, ttl: TRACKER_CACHE_MS });
  }

  /** By the unique vendorId index: a lookup on every server. */
  findByVendorId(vendorId: number): Promise<StoredTracker | null> {
    return this.trackers.findOne({ vendorId }).lean<StoredTracker>().exec();
  }

  /** The trackers of a batch's devices, by vendorId: those not in memory in one read (`$in` on the same index). */
  async findByVendorIds(vendorIds: readonly number[]): Promise<Map<number, StoredTracker>> {
    const found = new Map<number, StoredTracker>();
    const missing: number[] = [];
    for (const vendorId of vendorIds) {
      const cached = this.trackerOfDevice.get(vendorId);
      if (!cached) missing.push(vendorId);
      else if (cached.tracker) found.set(vendorId, cached.tracker);
    }
    if (missing.length === 0) return found;
    const read = new Map(
      (
        await this.trackers
          .find({ vendorId: { $in: missing } })
          .lean<StoredTracker[]>()
          .exec()
      ).map((tracker) => [tracker.vendorId, tracker]),
    );
    for (const vendorId of missing) {
      const tracker = read.get(vendorId) ?? null;
      this.trackerOfDevice.set(vendorId, { tracker }, tracker ? {} : { ttl: this.unknownTtlMs });
      if (tracker) found.set(vendorId, tracker);
    }
    return found;
  }

  /** A tracker deleted on this instance routes no more. */
  forget(vendorId: number): void {
    this.trackerOfDevice.delete(vendorId);
  }

  /** Trackers by id (`_id`: lookups), by hex id: a batch of a log entry taken up again. */
  async findByIds(trackerIds: readonly string[]): Promise<Map<string, StoredTracker>> {
    if (trackerIds.length === 0) return new Map();
    const found = await this.trackers
      .find({ _id: { $in: trackerIds.map((id) => new Types.ObjectId(id)) } })
      .lean<StoredTracker[]>()
      .exec();
    return new Map(found.map((tracker) => [tracker._id.toHexString(), tracker]));
  }

  /** The asset in service of each tracker (null for none), by tracker id. */
  async assetsOfTrackers(trackerIds: readonly Types.ObjectId[]): Promise<Map<string, Types.ObjectId | null>> {
    const found = new Map<string, Types.ObjectId | null>();
    const missing: Types.ObjectId[] = [];
    for (const id of trackerIds) {
      const cached = this.assetOfTracker.get(id.toHexString());
      if (cached) found.set(id.toHexString(), cached.assetId);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    // Scans the assets on mongo-java-server (MongoDB uses `{mainTrackerId}`): once per tracker per lifetime.
    const assets = await this.assets
      .find({ mainTrackerId: { $in: missing }, archivedAt: null }, { _id: 1, mainTrackerId: 1 })
      .lean<Array<{ _id: Types.ObjectId; mainTrackerId: Types.ObjectId }>>()
      .exec();
    const byTracker = new Map(assets.map((asset) => [asset.mainTrackerId.toHexString(), asset._id]));
    for (const id of missing) {
      const assetId = byTracker.get(id.toHexString()) ?? null;
      this.assetOfTracker.set(id.toHexString(), { assetId });
      found.set(id.toHexString(), assetId);
    }
    return found;
  }

  /** Keeps each tracker's newest refused message where `GET /api/trackers/{id}` shows it (one write for the batch). */
  async recordRefusals(refusals: ReadonlyMap<string, RefusedMessage>): Promise<void> {
    if (refusals.size === 0) return;
    const ops = [...refusals].map(([trackerId, refused]) => ({
      // Not an edit of the tracker: its `updatedAt` stays.
      updateOne: { filter: { _id: new Types.ObjectId(trackerId) }, update: { $set: { lastRefused: refused } }, timestamps: false },
    }));
    await this.trackers.bulkWrite(ops, { ordered: false });
  }
}
