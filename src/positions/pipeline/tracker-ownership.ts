import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Model } from 'mongoose';
import { AppConfig } from '@app/config';
import { DatabaseClock, unlessOnlyDuplicates } from '@app/database';
import { IngestInstance, PartitionLease } from './partition-lease.schema';
import { partitionOf } from './partitions';

/** How long a lease lasts without renewal… */
export const LEASE_MS = 15_000;
/** …renewed this often… */
export const RENEW_EVERY_MS = 5_000;
/**
 * …and no batch of a partition is taken once less than this is left: an instance that stalls
 * (a long pause, a network cut) stops before its lease can pass to another instance, so two never
 * process one tracker at once (docs/telemetry.md, "Many instances").
 */
export const LEASE_MARGIN_MS = 5_000;
/** An instance not seen for this long no longer counts in the fair share. */
const INSTANCE_GONE_MS = 3 * RENEW_EVERY_MS;

const leaseId = (partition: number) => `p:${partition}`;

/**
 * Which trackers this instance processes: those of the partitions whose lease it holds in MongoDB
 * and has taken up (its log entries recovered). What depends on a tracker's in-memory state asks
 * here first; `PartitionBalancer` claims, renews and gives up the leases.
 */
@Injectable()
export class TrackerOwnership {
  private readonly logger = new Logger(TrackerOwnership.name);
  readonly instanceId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private count: number;
  private resolved: Promise<number> | null = null;
  /** Leases held: their epoch and until when (the server's clock, `DatabaseClock`). */
  private readonly held = new Map<number, { epoch: number; until: number }>();
  /** Held partitions taken up (recovered): their batches are processed here. */
  private readonly ready = new Set<number>();

  constructor(
    @InjectModel(PartitionLease.name) private readonly leases: Model<PartitionLease>,
    @InjectModel(IngestInstance.name) private readonly instances: Model<IngestInstance>,
    // Leases on the server's clock: instances whose own clocks differ still agree when one ends.
    private readonly clock: DatabaseClock,
    config: AppConfig,
  ) {
    this.count = config.get('INGEST_PARTITIONS');
  }

  get partitions(): number {
    return this.count;
  }

  /** The partition count of the database: the first instance stores its own, the others use it (an instance configured otherwise says so). */
  resolveCount(): Promise<number> {
    this.resolved ??= (async () => {
      const configured = this.count;
      await this.leases.collection.insertOne({ _id: 'count', partitions: configured } as never).catch(unlessOnlyDuplicates);
      const stored = (await this.leases.collection.findOne<PartitionLease>({ _id: 'count' } as never))?.partitions ?? configured;
      if (stored !== configured) this.logger.warn(`INGEST_PARTITIONS=${configured}, but this database uses ${stored} partitions: using ${stored}`);
      this.count = stored;
      const docs = Array.from({ length: stored }, (_, p) => ({ _id: leaseId(p), owner: null, until: null, epoch: 0 }));
      await this.leases.collection.insertMany(docs as never[], { ordered: false }).catch(unlessOnlyDuplicates);
      return stored;
    })();
    return this.resolved;
  }

  partitionOf(trackerId: string): number {
    return partitionOf(trackerId, this.count);
  }

  /** Whether this instance processes the partition's batches now (held, taken up, and not about to expire). */
  processes(partition: number): boolean {
    const lease = this.held.get(partition);
    return this.ready.has(partition) && lease !== undefined && lease.until - this.clock.nowMs() > LEASE_MARGIN_MS;
  }

  ownsTracker(trackerId: string): boolean {
    return this.processes(this.partitionOf(trackerId));
  }

  /**
   * Whether this instance still holds the partition's lease (not expired): what it worked out as
   * the owner may be written. Not `processes`, whose margin can pass between two writes of one
   * compaction: a tracker's state written and its detector's not would leave the detector behind
   * (the fixes between skipped: a geofence crossed twice); nor only the partitions taken up: a
   * partition being given up writes its states before it goes.
   */
  holds(partition: number): boolean {
    const lease = this.held.get(partition);
    return lease !== undefined && lease.until > this.clock.nowMs();
  }

  holdsTracker(trackerId: string): boolean {
    return this.holds(this.partitionOf(trackerId));
  }

  ownedPartitions(): number[] {
    return [...this.ready].filter((partition) => this.processes(partition));
  }

  heldPartitions(): number[] {
    return [...this.held.keys()];
  }

  markReady(partition: number): void {
    if (this.held.has(partition)) this.ready.add(partition);
  }

  unready(partition: number): void {
    this.ready.delete(partition);
  }

  /** Claims a partition whose lease is free or expired (or already this instance's); answers whether it is held now. */
  async claim(partition: number): Promise<boolean> {
    const now = this.clock.nowMs();
    const until = new Date(now + LEASE_MS);
    const taken = await this.leases.collection.findOneAndUpdate(
      { _id: leaseId(partition), $or: [{ owner: null }, { until: { $lt: new Date(now) } }, { owner: this.instanceId }] } as never,
      { $set: { owner: this.instanceId, until }, $inc: { epoch: 1 } },
      { returnDocument: 'after' },
    );
    if (!taken) return false;
    this.held.set(partition, { epoch: (taken as unknown as PartitionLease).epoch, until: until.getTime() });
    return true;
  }

  /** Renews every lease held; answers the partitions lost meanwhile (taken by another instance after this one stalled). */
  async renew(): Promise<number[]> {
    const partitions = this.heldPartitions();
    if (partitions.length === 0) return [];
    const until = new Date(this.clock.nowMs() + LEASE_MS);
    const lost: number[] = [];
    await Promise.all(
      partitions.map(async (partition) => {
        const lease = this.held.get(partition)!;
        const renewed = await this.leases.collection.updateOne({ _id: leaseId(partition), owner: this.instanceId, epoch: lease.epoch } as never, {
          $set: { until },
        });
        if (renewed.matchedCount === 1) lease.until = until.getTime();
        else lost.push(partition);
      }),
    );
    for (const partition of lost) this.forget(partition);
    return lost;
  }

  /** Gives a partition up (its work written first by the caller). */
  async release(partition: number): Promise<void> {
    const lease = this.held.get(partition);
    this.forget(partition);
    if (lease)
      await this.leases.collection.updateOne({ _id: leaseId(partition), owner: this.instanceId, epoch: lease.epoch } as never, {
        $set: { owner: null, until: null },
      });
  }

  /** The partitions no live instance holds. */
  async freePartitions(): Promise<number[]> {
    const now = this.clock.now();
    const free = await this.leases.collection
      .find<PartitionLease>({ _id: { $ne: 'count' }, $or: [{ owner: null }, { until: { $lt: now } }] } as never, { projection: { _id: 1 } })
      .toArray();
    return free.map((lease) => Number(lease._id.slice(2))).filter((partition) => partition < this.count);
  }

  /** This instance seen now; answers how many serving instances are seen (itself included). */
  async heartbeat(): Promise<number> {
    const now = this.clock.nowMs();
    await this.instances.collection.updateOne({ _id: this.instanceId } as never, { $set: { seenAt: new Date(now) } }, { upsert: true });
    return this.instances.collection.countDocuments({ seenAt: { $gt: new Date(now - INSTANCE_GONE_MS) } });
  }

  /** This instance leaves (a graceful stop): the others stop counting it at once. */
  async leave(): Promise<void> {
    await this.instances.collection.deleteOne({ _id: this.instanceId } as never);
  }

  private forget(partition: number): void {
    this.held.delete(partition);
    this.ready.delete(partition);
  }
}
