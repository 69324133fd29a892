import { advance, MeterFeed, MeterFix } from './meter-rules';

/**
 * The fixes an asset's meters counted last (one tracker's, in fix-time order) and the feed before
 * them: counting `fixes` from `from` gives the meters' feed. A message only seconds late is
 * replayed from here, in the batch, instead of from a checkpoint and the stored fixes.
 */
export interface MeterTail {
  from: MeterFeed;
  fixes: MeterFix[];
}

/** Enough for batches stored a few out of order (several senders, one message per tracker each); older goes to the stored fixes. */
export const METER_TAIL_FIXES = 4;

const fixOf = ({ ts, lat, lng, speed, ignition, mileage }: MeterFix): MeterFix => ({ ts, lat, lng, speed, ignition: ignition ?? null, mileage: mileage ?? null });

/**
 * `late` (in fix-time order, none newer than the tail) counted where they belong among the tail's
 * fixes: the meters' correction and the feed after them. Null when the tail does not reach back
 * to the first late fix, is another tracker's, or counts a device's mileage (its newest value is
 * the truth: the stored-fix replay keeps it). A late fix already in the tail (a resend) changes nothing.
 */
export function replayFromTail(tail: MeterTail | null, trackerId: string, late: readonly MeterFix[]): { km: number; hours: number; feed: MeterFeed; fixes: MeterFix[] } | null {
  if (!tail || tail.from.trackerId !== trackerId || tail.from.mileage != null || late.length === 0 || late[0].ts <= tail.from.ts) return null;
  const counted = new Set(tail.fixes.map((fix) => fix.ts));
  const fixes = [...tail.fixes, ...late.filter((fix) => !counted.has(fix.ts)).map(fixOf)].sort((a, b) => a.ts - b.ts);
  const before = advance(tail.from, trackerId, tail.fixes);
  const after = advance(tail.from, trackerId, fixes);
  if (!after.feed) return null;
  return { km: after.km - before.km, hours: after.hours - before.hours, feed: after.feed, fixes };
}

/** The tail after a batch: `fixes` (in order) counted after `from`, the newest kept and `from` moved past the others. */
export function nextTail(from: MeterFeed | null, trackerId: string, fixes: readonly MeterFix[]): MeterTail | null {
  if (!from || from.trackerId !== trackerId) return null;
  const kept = fixes.slice(-METER_TAIL_FIXES).map(fixOf);
  const dropped = fixes.slice(0, Math.max(0, fixes.length - METER_TAIL_FIXES));
  return { from: dropped.length > 0 ? (advance(from, trackerId, dropped).feed ?? from) : from, fixes: kept };
}
