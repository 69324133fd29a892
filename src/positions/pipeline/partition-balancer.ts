import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { unpackPoints } from '../store/hour-bucket';
import { LogEntry, TelemetryLog } from '../store/telemetry-log';
import { LogRecovery } from './log-recovery';
import { TelemetryCompaction } from './telemetry-compaction.service';
import { RENEW_EVERY_MS, TrackerOwnership } from './tracker-ownership';
import { TrackerPipeline } from './tracker-pipeline.service';

/** How often a round of leases comes while this instance holds less than its share. */
const FILL_EVERY_MS = 250;
/** How often an owner looks for pending entries while other instances run (what a batch handed over waits for)… */
export const INTAKE_EVERY_MS = 25;
/** …and alone (a command's batches, a receiver that died before its owner took them). */
const INTAKE_ALONE_EVERY_MS = 1000;

/**
 * Keeps this instance's share of the partitions (docs/telemetry.md, "Many instances"): every
 * RENEW_EVERY_MS it renews its leases, counts the serving instances and takes free partitions up
 * to its fair share, or gives up the ones over it (their batches drained, everything written, then
 * the lease freed for another instance); a partition it takes is first taken up from the log. It
 * also takes the `pending` entries other instances store for its partitions. A command holds no
 * share: it claims the free partitions its batches need, and frees them when it ends.
 */
@Injectable()
export class PartitionBalancer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PartitionBalancer.name);
  private tickTimer: NodeJS.Timeout | null = null;
  private intakeTimer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private othersRun = false;
  /** This instance's fair share at the last round (all partitions until it counted the others). */
  private target = Infinity;
  private stopped = false;
  private readonly intake = new Set<string>();
  /** The lease work under way (a round, a batch's claim, a lost partition dropped): one at a time, see `exclusively`. */
  private leaseWork: Promise<unknown> = Promise.resolve();
  private renewing: Promise<void> | null = null;
  /** Partitions found lost whose trackers are not dropped from memory yet: not claimed again until they are. */
  private readonly leaving = new Set<number>();

  constructor(
    private readonly ownership: TrackerOwnership,
    private readonly pipeline: TrackerPipeline,
    private readonly compaction: TelemetryCompaction,
    private readonly recovery: LogRecovery,
    private readonly log: TelemetryLog,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ownership.resolveCount();
    if (!this.config.runsBackgroundWork) return;
    await this.tick().catch((error: Error) => this.logger.warn(`Partition leases: ${error.message}`));
    this.keepRenewing();
    this.nextTick();
    this.pollIntake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.tickTimer, this.intakeTimer, this.renewTimer]) if (timer) clearTimeout(timer);
    await Promise.all([this.ticking, this.renewing]);
    // The compaction wrote everything before (its shutdown hook runs first).
    for (const partition of this.ownership.heldPartitions()) await this.ownership.release(partition).catch(() => undefined);
    if (this.config.runsBackgroundWork) await this.ownership.leave().catch(() => undefined);
  }

  /** One round of leases (one at a time). */
  tick(): Promise<void> {
    this.ticking ??= this.exclusively(() => this.tickNow()).finally(() => (this.ticking = null));
    return this.ticking;
  }

  /**
   * Runs lease work after the work already under way. A round and a batch's claim side by side
   * could claim one partition twice (its epoch moved on twice, the lease held under the older one,
   * so the next renewal finds it "lost") or forget a partition while the other takes it up again:
   * either drops points from memory whose log entries a compaction then removes.
   */
  private exclusively<T>(work: () => Promise<T>): Promise<T> {
    const run = this.leaseWork.then(work, work);
    this.leaseWork = run.catch(() => undefined);
    return run;
  }

  /**
   * Claims, now, the partitions among these that no instance holds (a batch came for them): past
   * the fair share if need be, the next round evens it out. A command renews what it holds while
   * it runs.
   */
  takeFree(partitions: readonly number[]): Promise<void> {
    return this.exclusively(() => this.takeFreeNow(partitions));
  }

  private async takeFreeNow(partitions: readonly number[]): Promise<void> {
    // Taken meanwhile (by the round, or another batch's claim): nothing to do.
    const wanted = new Set(partitions.filter((partition) => !this.ownership.processes(partition)));
    if (wanted.size === 0) return;
    // Not past the fair share while other instances run: a partition just given up is theirs to take.
    const room = this.othersRun ? this.target - this.ownership.heldPartitions().length : Infinity;
    if (room <= 0) return;
    const free = (await this.ownership.freePartitions()).filter((partition) => wanted.has(partition)).slice(0, room);
    if (free.length === 0) return;
    await this.take(free);
    this.keepRenewing();
  }

  /**
   * Renews the leases held every RENEW_EVERY_MS on a timer of its own: never behind lease work (a
   * partition's recovery can take seconds), whose delay would let the leases near their end — the
   * margin in which no batch is taken.
   */
  private keepRenewing(): void {
    if (this.renewTimer || this.stopped) return;
    this.renewTimer = setInterval(() => void this.renew(), RENEW_EVERY_MS);
    this.renewTimer.unref();
  }

  /** One renewal (one at a time); a partition lost meanwhile is dropped from memory as lease work. */
  renew(): Promise<void> {
    this.renewing ??= this.ownership
      .renew()
      .then((lost) => {
        for (const partition of lost) {
          this.logger.warn(`Lost partition ${partition} to another instance (this one stalled past its lease): its trackers are that instance's now`);
          this.leaving.add(partition);
          void this.exclusively(async () => {
            // Its batches under way finish first: what they add to memory is dropped with the rest (their entries stay in the log for the new owner).
            await this.pipeline.drain(partition);
            this.pipeline.forgetPartition(partition, true);
          })
            .catch((error: Error) => this.logger.warn(`Dropping lost partition ${partition}: ${error.message}`))
            .finally(() => this.leaving.delete(partition));
        }
      })
      .catch((error: Error) => this.logger.warn(`Partition leases: ${error.message}`))
      .finally(() => (this.renewing = null));
    return this.renewing;
  }

  private async tickNow(): Promise<void> {
    if (this.stopped) return;
    const live = await this.ownership.heartbeat();
    this.othersRun = live > 1;
    const target = (this.target = Math.ceil(this.ownership.partitions / live));
    const held = this.ownership.heldPartitions().sort((a, b) => b - a);
    if (held.length > target) await this.giveUp(held.slice(0, held.length - target));
    else if (held.length < target) await this.take((await this.ownership.freePartitions()).slice(0, target - held.length));
  }

  /** The next round in RENEW_EVERY_MS; sooner while below the fair share (another instance is giving partitions up). */
  private nextTick(): void {
    if (this.stopped) return;
    const below = this.ownership.heldPartitions().length < this.target;
    this.tickTimer = setTimeout(
      () => {
        void this.tick()
          .catch((error: Error) => this.logger.warn(`Partition leases: ${error.message}`))
          .finally(() => this.nextTick());
      },
      below ? FILL_EVERY_MS : RENEW_EVERY_MS,
    );
    this.tickTimer.unref();
  }

  /** Claims and takes up these partitions, but those held (renewed on their own timer) or still being dropped. */
  private async take(partitions: readonly number[]): Promise<void> {
    const held = new Set(this.ownership.heldPartitions());
    for (const partition of partitions) {
      if (held.has(partition) || this.leaving.has(partition)) continue;
      if (!(await this.ownership.claim(partition))) continue;
      await this.recovery.recover([partition]);
      this.ownership.markReady(partition);
    }
  }

  private async giveUp(partitions: readonly number[]): Promise<void> {
    for (const partition of partitions) this.ownership.unready(partition);
    for (const partition of partitions) await this.pipeline.drain(partition);
    await this.compaction.compact();
    for (const partition of partitions) {
      this.pipeline.forgetPartition(partition, false);
      await this.ownership.release(partition);
    }
    this.logger.log(`Gave up partition(s) ${partitions.join(', ')} to even the share with the other instances`);
  }

  /** The pending entries of this instance's partitions, taken side by side (each tracker's batches still one at a time). */
  private pollIntake(): void {
    if (this.stopped) return;
    const next = () => {
      if (this.stopped) return;
      this.intakeTimer = setTimeout(() => this.pollIntake(), this.othersRun ? INTAKE_EVERY_MS : INTAKE_ALONE_EVERY_MS);
      this.intakeTimer.unref();
    };
    this.log
      .ofPartitions(this.ownership.ownedPartitions(), 'pending')
      .then((entries) => {
        for (const entry of entries) {
          const key = entry._id.toHexString();
          if (this.intake.has(key)) continue;
          this.intake.add(key);
          void this.takeOver(entry).finally(() => this.intake.delete(key));
        }
      })
      .catch((error: Error) => this.logger.warn(`Reading pending telemetry failed: ${error.message}`))
      .finally(next);
  }

  private async takeOver(entry: LogEntry): Promise<void> {
    // Given up or lost since the entries were read: its next owner takes it.
    if (!this.ownership.processes(entry.p)) return;
    const batches = Object.entries(entry.parts).map(([id, part]) => {
      const { clientId, vendorId } = entry.trackers[id];
      return { tracker: { _id: new Types.ObjectId(id), clientId, vendorId }, points: unpackPoints(part) };
    });
    await this.pipeline
      .takeOver(entry, batches)
      .catch((error: Error) => this.logger.warn(`Taking a pending telemetry entry failed (tried again): ${error.message}`));
  }
}
