import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { DomainException, ErrorCode } from '@app/errors';
import { packPoints } from '../store/hour-bucket';
import { LogEntry, latestRecordOf, TelemetryLog } from '../store/telemetry-log';
import { DomainEvents } from '@app/bus';
import { MAX_ENTRY_POINTS } from './log-entries';
import { POSITIONS_MOVED } from './positions-moved';
import { TrackerOwnership } from './tracker-ownership';
import type { BatchCounts, TrackerBatch } from './batch-arrivals';

/** How long a batch waits for the instances that own its trackers before it is answered 503 (the sender sends it again). */
export const HANDOVER_WAIT_MS = 30_000;
/** How often it looks whether they took it. */
const POLL_MS = 20;

/**
 * The trackers of a batch that another instance processes: stored in the log as `pending`
 * entries (one per partition) for their owner, who takes them within its polling interval,
 * processes them as if they had come to it and completes them with its counts — which this
 * instance answers with. Nothing is processed here, so a tracker's state has one writer.
 */
@Injectable()
export class ForeignHandover {
  constructor(
    private readonly log: TelemetryLog,
    private readonly ownership: TrackerOwnership,
    private readonly bus: DomainEvents,
  ) {}

  async hand(batches: readonly TrackerBatch[]): Promise<BatchCounts[]> {
    const entries = this.entriesOf(batches);
    await this.log.append(entries);
    const ids = entries.map((entry) => entry._id);
    const deadline = Date.now() + HANDOVER_WAIT_MS;
    for (;;) {
      const states = await this.log.states(ids);
      if (states.length === ids.length && states.every((entry) => entry.state === 'done')) {
        // What the owner moved shows on this instance's live map at once, as if it had been processed here.
        const moved = states.flatMap((entry) => Object.entries(entry.latest ?? {}).map(([id, latest]) => latestRecordOf(id, latest, entry.at)));
        if (moved.length > 0) this.bus.emit(POSITIONS_MOVED, moved);
        // A tracker with many points is in several entries: its counts add up.
        const counts = new Map<string, BatchCounts>();
        for (const [id, { accepted, duplicates, implausible }] of states.flatMap((entry) => Object.entries(entry.counts ?? {}))) {
          const sum = counts.get(id) ?? { accepted: 0, duplicates: 0, implausible: 0 };
          // `implausible` is absent from entries an older version completed.
          counts.set(id, { accepted: sum.accepted + accepted, duplicates: sum.duplicates + duplicates, implausible: sum.implausible + (implausible ?? 0) });
        }
        return batches.map((batch) => counts.get(batch.tracker._id.toHexString()) ?? { accepted: 0, duplicates: batch.points.length, implausible: 0 });
      }
      if (Date.now() > deadline)
        throw new DomainException(ErrorCode.ServiceUnavailable, 'The instances that process these trackers did not take the batch in time: send it again');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private entriesOf(batches: readonly TrackerBatch[]): LogEntry[] {
    const entries: LogEntry[] = [];
    const open = new Map<number, { entry: LogEntry; points: number }>();
    const at = Date.now();
    for (const { tracker, points: all } of batches) {
      const id = tracker._id.toHexString();
      const p = this.ownership.partitionOf(id);
      for (let from = 0; from < all.length; from += MAX_ENTRY_POINTS) {
        const points = all.slice(from, from + MAX_ENTRY_POINTS);
        let current = open.get(p);
        if (!current || current.points + points.length > MAX_ENTRY_POINTS || current.entry.parts[id]) {
          current = {
            entry: { _id: new Types.ObjectId(), p, state: 'pending', by: this.ownership.instanceId, at, parts: {}, latest: {}, trackers: {}, counts: null },
            points: 0,
          };
          entries.push(current.entry);
          open.set(p, current);
        }
        current.entry.parts[id] = packPoints(points);
        current.entry.trackers[id] = { clientId: tracker.clientId, vendorId: tracker.vendorId };
        current.points += points.length;
      }
    }
    return entries;
  }
}
