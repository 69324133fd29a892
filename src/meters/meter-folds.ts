import { Injectable } from '@nestjs/common';
import { groupBy, InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { HeldMeters, recentOf } from './held-meters';
import { MetersRecent } from './meters-recent';
import { AssetMeter } from './schemas/asset-meter.schema';

/**
 * Folds the counts the meters hold in memory into the stored meters (at each compaction, and
 * before a reading or a tracker's replacement): one bulk write per client, then the recent counts
 * they leave behind taken out.
 */
@Injectable()
export class MeterFolds {
  constructor(
    @InjectRepository(AssetMeter) private readonly meters: TenantRepository<AssetMeter>,
    private readonly recent: MetersRecent,
  ) {}

  /**
   * The counts since the last fold into the meters (increments, one bulk write per client; the first
   * of an asset creates its meters), by `_id` and client — the unique index's keys, a lookup —, each
   * moving the meters to the next fold; then their recent counts taken out.
   */
  async fold(folding: readonly HeldMeters[]): Promise<void> {
    if (folding.length === 0) return;
    // Taken as they are now: a batch may count on while the write is under way.
    const taken = folding.map((held) => ({ held, km: held.pendingKm, hours: held.pendingHours, feed: held.feed }));
    for (const held of folding) Object.assign(held, { pendingKm: 0, pendingHours: 0, unfolded: false, foldSeq: held.foldSeq + 1 });
    try {
      const now = new Date();
      await Promise.all(
        [...groupBy(taken, ({ held }) => held.clientId.toHexString()).values()].map((group) =>
          this.meters.upsertEach(
            scopeOfClient(group[0].held.clientId),
            group.map(({ held, km, hours, feed }) => ({
              filter: { _id: held.assetId },
              update: {
                $inc: { odometerKm: km, engineHours: hours, telemetryKm: km, telemetryHours: hours, foldSeq: 1 },
                $set: { feed, updatedAt: now, ...(km !== 0 ? { odometerSource: 'telemetry' as const } : {}) },
                $setOnInsert: {
                  assetId: held.assetId,
                  watch: null,
                  readingTs: null,
                  lastCheckpointTs: null,
                  ...(km === 0 ? { odometerSource: 'telemetry' as const } : {}),
                },
              },
            })),
          ),
        ),
      );
    } catch (error) {
      for (const { held, km, hours } of taken)
        Object.assign(held, { pendingKm: held.pendingKm + km, pendingHours: held.pendingHours + hours, unfolded: true, foldSeq: held.foldSeq - 1 });
      throw error;
    }
    // Counted since the fold began: their count from the new fold; the others' taken out.
    const since = taken.filter(({ held }) => held.unfolded);
    await this.recent.write(
      since.map(({ held }) => recentOf(held)),
      taken.filter(({ held }) => !held.unfolded).map(({ held }) => ({ partition: held.partition, assetId: held.assetId.toHexString() })),
    );
    for (const { held } of since) held.dirty = false;
  }
}
