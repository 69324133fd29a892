import { Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Collection } from 'mongodb';
import { Types } from 'mongoose';

/** Seconds the instances' clocks may differ by: each read starts this much before the newest write seen. */
const CLOCK_SKEW_S = 2;
/** How long a feed keeps a write: far longer than any instance's poll delay. */
export const FEED_KEEPS_MS = 10 * 60_000;
/** How often a feed's writes past that go: the period of its domain's recurring prune (`prune`). */
export const FEED_PRUNE_EVERY_MS = 60_000;
/** Writes one read takes at most: more than a few seconds' worth, or the reads would stall. */
const READ_LIMIT = 10_000;
/** Keys a feed remembers as told (reads overlap by the clock skew; an instance reads back its own writes). */
const TOLD_KEYS = 50_000;

export interface InstanceFeedOptions<Write> {
  /** What a failed read's log line calls the writes ("inbox entries"). */
  what: string;
  pollMs: number;
  /** Whether anyone here listens; a read without listeners is skipped and the next starts from now. */
  listening?: () => boolean;
  /** Passes on a write read from the feed (another instance's, or this one's own again). */
  read: (write: Write) => void;
}

/**
 * A collection through which instances tell each other's in-process listeners what they wrote
 * (the inbox entries, the fleet events on the live streams): each instance inserts its writes,
 * their `_id`s ObjectIds of the time written, and reads every `pollMs` what was written since a
 * little before the newest write it read. `once` drops what is told twice (what was read again
 * over the skew, an instance's own writes read back). A write is kept FEED_KEEPS_MS (`prune`, from a
 * recurring job).
 */
export class InstanceFeed<Write extends { _id: Types.ObjectId }> {
  private readonly logger = new Logger(InstanceFeed.name);
  private readonly told = new LRUCache<string, true>({ max: TOLD_KEYS });
  private lastSeconds = Math.floor(Date.now() / 1000);
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly collection: Collection,
    private readonly options: InstanceFeedOptions<Write>,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setTimeout(() => void this.poll(), this.options.pollMs).unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  async write(writes: readonly Write[]): Promise<void> {
    if (writes.length > 0) await this.collection.insertMany(writes, { ordered: false });
  }

  /** True the first time `key` is told on this instance. */
  once(key: string): boolean {
    if (this.told.has(key)) return false;
    this.told.set(key, true);
    return true;
  }

  /** Removes the writes older than FEED_KEEPS_MS. */
  async prune(): Promise<void> {
    await this.collection.deleteMany({ _id: { $lt: Types.ObjectId.createFromTime((Date.now() - FEED_KEEPS_MS) / 1000) } });
  }

  private async poll(): Promise<void> {
    try {
      if (this.options.listening && !this.options.listening()) {
        this.lastSeconds = Math.floor(Date.now() / 1000);
        return;
      }
      const from = Types.ObjectId.createFromTime(this.lastSeconds - CLOCK_SKEW_S);
      const writes = await this.collection
        .find<Write>({ _id: { $gte: from } })
        .sort({ _id: 1 })
        .limit(READ_LIMIT)
        .toArray();
      for (const write of writes) this.options.read(write);
      if (writes.length > 0) this.lastSeconds = Math.max(this.lastSeconds, writes.at(-1)!._id.getTimestamp().getTime() / 1000);
    } catch (error) {
      this.logger.warn(`reading other instances' ${this.options.what} failed: ${(error as Error).message}`);
    } finally {
      if (!this.stopped) this.timer = setTimeout(() => void this.poll(), this.options.pollMs).unref();
    }
  }
}
