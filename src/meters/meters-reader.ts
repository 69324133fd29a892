import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { Stored } from '@app/database';
import { TelemetryPointsReader, TrackerOwnership } from '../positions';
import { advance } from './meter-rules';
import { MetersRecent } from './meters-recent';
import { AssetMeter } from './schemas/asset-meter.schema';

/** What telemetry counted over a stretch. */
export interface Counted {
  odometerKm: number;
  engineHours: number;
}

export const NOTHING_COUNTED: Counted = { odometerKm: 0, engineHours: 0 };
/** How far before a past reading the fixes are read to know where the vehicle stood at its time. */
const SINCE_LOOKBACK_S = 1800;

/** The meters of an asset none are stored for yet. */
const unstoredMeters = (asset: { _id: Types.ObjectId; clientId: Types.ObjectId }): Stored<AssetMeter> =>
  ({
    _id: asset._id,
    clientId: asset.clientId,
    assetId: asset._id,
    odometerKm: 0,
    engineHours: 0,
    odometerSource: 'telemetry',
    updatedAt: null,
    foldSeq: 0,
  }) as unknown as Stored<AssetMeter>;

/**
 * What telemetry counted on top of the stored meters: the recent counts not folded in yet (what
 * readers add), and the distance and hours counted after a past moment (what a reading dated in
 * the past or a refuel's odometer takes off).
 */
@Injectable()
export class MetersReader {
  constructor(
    private readonly recent: MetersRecent,
    private readonly ownership: TrackerOwnership,
    private readonly points: TelemetryPointsReader,
  ) {}

  /**
   * The stored meters plus telemetry's recent counts of the same fold (written every second by the
   * instance that processes each asset's tracker, folded in at its compaction).
   */
  async withRecentCounts(
    found: readonly Stored<AssetMeter>[],
    assets: ReadonlyArray<{ _id: Types.ObjectId; clientId: Types.ObjectId; mainTrackerId?: Types.ObjectId }>,
  ): Promise<Map<string, Stored<AssetMeter>>> {
    const partitions = new Map(
      assets.flatMap((asset) =>
        asset.mainTrackerId ? [[asset._id.toHexString(), this.ownership.partitionOf(asset.mainTrackerId.toHexString())] as const] : [],
      ),
    );
    const recent = await this.recent.of(partitions);
    const stored = new Map(found.map((meter) => [meter._id.toHexString(), meter]));
    const result = new Map<string, Stored<AssetMeter>>();
    for (const asset of assets) {
      const id = asset._id.toHexString();
      // Meters are first stored at the first fold: until then telemetry's count adds to nothing.
      const meter = stored.get(id) ?? unstoredMeters(asset);
      const count = recent.get(id);
      if (!count || count.foldSeq !== (meter.foldSeq ?? 0)) {
        if (stored.has(id)) result.set(id, meter);
        continue;
      }
      const updatedAt = new Date(Math.max(meter.updatedAt?.getTime() ?? 0, count.at));
      result.set(id, {
        ...meter,
        odometerKm: meter.odometerKm + count.km,
        engineHours: meter.engineHours + count.hours,
        updatedAt,
        ...(count.km !== 0 ? { odometerSource: 'telemetry' as const } : {}),
      });
    }
    return result;
  }

  /**
   * What telemetry counted after `readingTs` up to the meters' last counted fix (`feed`, stored: a
   * count still in memory elsewhere is folded in later, on top): the stored fixes counted again
   * from the last one before that time. Zero for a reading of now.
   */
  async countedSince(meter: Stored<AssetMeter> | null, readingTs: number): Promise<Counted> {
    const feed = meter?.feed;
    if (!feed || feed.ts <= readingTs) return NOTHING_COUNTED;
    const fixes = await this.points.points(feed.trackerId, readingTs - SINCE_LOOKBACK_S, feed.ts);
    const start = advance(
      null,
      feed.trackerId,
      fixes.filter((fix) => fix.ts <= readingTs),
    ).feed;
    const counted = advance(
      start,
      feed.trackerId,
      fixes.filter((fix) => fix.ts > readingTs),
    );
    return { odometerKm: counted.km, engineHours: counted.hours };
  }
}
