import { Types } from 'mongoose';
import { MeterFeed } from './meter-rules';
import { RecentEntry } from './meters-recent';
import { AssetMeter } from './schemas/asset-meter.schema';

/** What the meters keep of an asset in memory. */
export interface HeldMeters {
  assetId: Types.ObjectId;
  clientId: Types.ObjectId;
  /** The tracker counted, and its partition (its owner writes the meters). */
  trackerId: Types.ObjectId;
  partition: number;
  feed: MeterFeed | null;
  /** Telemetry's own totals (km, h): never set by a reading, so a replay's correction is theirs alone. */
  telemetryKm: number;
  telemetryHours: number;
  /** The meters as last read, plus what is counted since (what the watch is compared with). */
  odometerKm: number;
  engineHours: number;
  /** Counted since the last fold: in the recent counts, folded into the meters at the next compaction (as increments: a reading set meanwhile is kept). */
  pendingKm: number;
  pendingHours: number;
  /** The folds the stored meters have had: a recent count is of the fold it names. */
  foldSeq: number;
  watch: AssetMeter['watch'];
  /** The newest reading's time (unix s; null: none): a replay from before it would count again what the reading set. */
  readingTs: number | null;
  /** When the record was last read (ms): read again every REFRESH_MS for readings and watches set elsewhere. */
  readAt: number;
  /** Changed since the recent count was last written; counted since the last fold. */
  dirty: boolean;
  unfolded: boolean;
}

/** What a batch reads of an asset's meters. */
export const HELD_FIELDS = {
  _id: 1,
  clientId: 1,
  assetId: 1,
  odometerKm: 1,
  engineHours: 1,
  feed: 1,
  watch: 1,
  telemetryKm: 1,
  telemetryHours: 1,
  readingTs: 1,
  foldSeq: 1,
};

/** Adds what telemetry counted to every total the asset's meters keep in memory. */
export function countOn(held: HeldMeters, km: number, hours: number): void {
  held.telemetryKm += km;
  held.telemetryHours += hours;
  held.odometerKm += km;
  held.engineHours += hours;
  held.pendingKm += km;
  held.pendingHours += hours;
  held.dirty = true;
  held.unfolded = true;
}

/** The asset's recent count as its partition keeps it: what is counted since the last fold. */
export function recentOf(held: HeldMeters): RecentEntry {
  return {
    partition: held.partition,
    assetId: held.assetId.toHexString(),
    km: held.pendingKm,
    hours: held.pendingHours,
    foldSeq: held.foldSeq,
    at: Date.now(),
  };
}

/**
 * The meters read again (readings and watches set elsewhere), plus what is counted since the last
 * fold. Not from a read older than this instance's last fold (its write still under way when the
 * read was answered): that would take the fold's increments off the meters in memory and its
 * sequence back, so every recent count after it would name a fold the stored meters have passed
 * and readers would leave it out until the next one.
 */
export function refreshFrom(held: HeldMeters, record: Pick<AssetMeter, 'odometerKm' | 'engineHours' | 'watch' | 'readingTs' | 'foldSeq'>): void {
  const foldSeq = record.foldSeq ?? 0;
  if (foldSeq < held.foldSeq) return;
  Object.assign(held, {
    odometerKm: record.odometerKm + held.pendingKm,
    engineHours: record.engineHours + held.pendingHours,
    watch: record.watch,
    readingTs: record.readingTs ?? null,
    foldSeq,
  });
}
