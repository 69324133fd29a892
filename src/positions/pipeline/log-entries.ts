import { Types } from 'mongoose';
import { packPoints } from '../store/hour-bucket';
import type { LatestRecord } from '../store/latest-position.store';
import type { LogEntry } from '../store/telemetry-log';
import type { LogLatest } from '../store/telemetry-log.schema';
import type { Arrival } from './batch-arrivals';

/** At most this many points in one log entry (a document holds at most 16 MB). */
export const MAX_ENTRY_POINTS = 50_000;

/** A batch's log entries: one `done` entry per partition (more when over `maxPoints`), written by `instanceId`. */
export function logEntriesOf(arrivals: readonly Arrival[], instanceId: string, maxPoints = MAX_ENTRY_POINTS): LogEntry[] {
  const byPartition = new Map<number, Arrival[]>();
  for (const arrival of arrivals) {
    const group = byPartition.get(arrival.state.partition);
    if (group) group.push(arrival);
    else byPartition.set(arrival.state.partition, [arrival]);
  }
  const entries: LogEntry[] = [];
  const at = Date.now();
  for (const [p, group] of byPartition) {
    let entry: LogEntry | null = null;
    let points = 0;
    for (const { state, added, direct, moved } of group) {
      const part = direct ? [] : added;
      if (!entry || points + part.length > maxPoints) {
        entry = { _id: new Types.ObjectId(), p, state: 'done', by: instanceId, at, parts: {}, latest: {}, trackers: {}, counts: null };
        entries.push(entry);
        points = 0;
      }
      if (part.length > 0) entry.parts[state.id] = packPoints(part);
      if (moved) entry.latest[state.id] = logLatestOf(moved);
      points += part.length;
    }
  }
  return entries;
}

const logLatestOf = (record: LatestRecord): LogLatest => ({
  vendorId: record.vendorId,
  ts: record.ts,
  lat: record.lat,
  lng: record.lng,
  speed: record.speed,
  dir: record.dir,
  alt: record.alt,
  ignition: record.ignition,
});
