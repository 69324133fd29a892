import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { InjectRepository, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { PositionsStored, StoredFixes, TelemetryPointsReader } from '../positions';
import { advance, MeterFeed } from './meter-rules';
import { CheckpointChange, checkpointDue, MeterCheckpoints, METER_CHECKPOINTS_SPAN_S } from './meter-checkpoints';
import { MeterChange, MetersChanged } from './meters-changed';
import { AssetMeter } from './schemas/asset-meter.schema';
import type { MeterCheckpoint } from './schemas/asset-meter-checkpoint.schema';

/**
 * What a batch brings an asset: its fixes after the last counted one (all of them when none was
 * counted, or another tracker's), and the time of its oldest message at or before that one when
 * the batch stored one first now (a late message, which the meters replay), else null.
 */
function whatIsNew(feed: MeterFeed | null, fixes: StoredFixes): { newer: StoredFixes['fixes']; late: number | null } {
  if (feed === null || feed.trackerId !== fixes.trackerId.toHexString()) return { newer: fixes.fixes, late: null };
  const newer = fixes.fixes.filter((fix) => fix.ts > feed.ts);
  return { newer, late: fixes.added > newer.length ? fixes.fixes.find((fix) => fix.ts <= feed.ts)!.ts : null };
}

/** What a batch reads of its assets' meters: no checkpoint (they live in their own collection). */
const METERS_OF_A_BATCH = { clientId: 1, assetId: 1, odometerKm: 1, engineHours: 1, feed: 1, watch: 1, lastCheckpointTs: 1 };

/**
 * Meters from telemetry: subscribed to `PositionsStored`, it adds what each asset's new fixes add
 * (`advance`) to its meters, incrementally (`$inc`: a reading set meanwhile is not overwritten).
 * A batch with messages older than the last counted ones (late, first stored now) replays the
 * stored fixes from the checkpoint before them — like the event detector — and corrects the
 * meters by the difference; older than the kept checkpoints (24 h), or from before a reading
 * (a reading drops the checkpoints), a late message does not change them.
 * `METERS_FROM_TELEMETRY=false` leaves it unsubscribed on this instance (a bulk import of history).
 */
@Injectable()
export class MetersFromTelemetry implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MetersFromTelemetry.name);
  private unsubscribe?: () => void;

  constructor(
    private readonly stored: PositionsStored,
    @InjectRepository(AssetMeter) private readonly meters: TenantRepository<AssetMeter>,
    private readonly checkpoints: MeterCheckpoints,
    private readonly points: TelemetryPointsReader,
    private readonly changed: MetersChanged,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.config.get('METERS_FROM_TELEMETRY')) {
      this.logger.warn('METERS_FROM_TELEMETRY=false: telemetry does not move the meters on this instance');
      return;
    }
    this.unsubscribe = this.stored.subscribe((batch) => this.count(batch));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  async count(batch: readonly StoredFixes[]): Promise<void> {
    const byClient = new Map<string, StoredFixes[]>();
    for (const fixes of batch) {
      if (!fixes.assetId || fixes.added === 0) continue;
      const key = fixes.clientId.toHexString();
      const group = byClient.get(key);
      if (group) group.push(fixes);
      else byClient.set(key, [fixes]);
    }
    if (byClient.size === 0) return;
    const changes = (await Promise.all([...byClient.values()].map((group) => this.countClient(group)))).flat();
    await this.changed.publish(changes);
  }

  private async countClient(group: readonly StoredFixes[]): Promise<MeterChange[]> {
    const client = scopeOfClient(group[0].clientId);
    const stored = await this.meters.findByIds(client, group.map((fixes) => fixes.assetId!.toHexString()), METERS_OF_A_BATCH);
    const byAsset = new Map(stored.map((meter) => [meter._id.toHexString(), meter]));
    const inserts: Array<Partial<AssetMeter>> = [];
    const updates: Array<{ record: Stored<AssetMeter>; update: object }> = [];
    const checkpoints: CheckpointChange[] = [];
    const changes: MeterChange[] = [];
    // The assets with a late message replay side by side: one after the other, a batch of a stream
    // that overtook another waited for each asset's lookups in turn before it was acknowledged.
    const batch = group.map((fixes) => {
      const record = byAsset.get(fixes.assetId!.toHexString());
      return { fixes, record, ...whatIsNew(record?.feed ?? null, fixes) };
    });
    const replays = await Promise.all(batch.map(({ fixes, record, late }) => (late === null ? null : this.replay(client, fixes.trackerId.toHexString(), record!, late))));
    for (const [index, { fixes, record, newer }] of batch.entries()) {
      const assetId = fixes.assetId!;
      const trackerId = fixes.trackerId.toHexString();
      let feed: MeterFeed | null = record?.feed ?? null;
      let lastCheckpointTs = record?.lastCheckpointTs ?? null;
      let replayed: CheckpointChange['replayed'] = null;
      let km = 0;
      let hours = 0;
      const replay = replays[index];
      if (replay) {
        ({ km, hours, feed } = replay);
        // The asset's checkpoints after the one replayed from were counted without the late message.
        if (lastCheckpointTs !== null && replay.from.ts < lastCheckpointTs) replayed = { from: replay.from.ts, newest: lastCheckpointTs };
        lastCheckpointTs = replay.from.ts;
      }
      let added: MeterCheckpoint | null = null;
      if (newer.length > 0 && feed && feed.trackerId === trackerId) {
        const at = { ts: feed.ts, odometerKm: (record?.odometerKm ?? 0) + km, engineHours: (record?.engineHours ?? 0) + hours };
        if (checkpointDue(lastCheckpointTs, at.ts)) added = { ...at, feed: { ...feed } };
      }
      if (added) lastCheckpointTs = added.ts;
      if (added || replayed) checkpoints.push({ assetId, added, replayed });
      const step = advance(feed, trackerId, newer);
      km += step.km;
      hours += step.hours;
      const now = new Date();
      if (!record) {
        inserts.push({ _id: assetId, assetId, odometerKm: km, engineHours: hours, odometerSource: 'telemetry', updatedAt: now, feed: step.feed, lastCheckpointTs, watch: null });
        continue;
      }
      const set = { feed: step.feed, updatedAt: now, ...(km !== 0 ? { odometerSource: 'telemetry' } : {}), ...(lastCheckpointTs !== (record.lastCheckpointTs ?? null) ? { lastCheckpointTs } : {}) };
      updates.push({ record, update: { $inc: { odometerKm: km, engineHours: hours }, $set: set } });
      const odometerKm = record.odometerKm + km;
      const engineHours = record.engineHours + hours;
      const watch = record.watch;
      if (watch && ((watch.odometerKm !== null && odometerKm >= watch.odometerKm) || (watch.engineHours !== null && engineHours >= watch.engineHours))) {
        changes.push({ clientId: client.clientId, assetId, odometerKm, engineHours });
      }
    }
    await Promise.all([
      inserts.length > 0 ? this.meters.insertMany(client, inserts, { ordered: false }).catch((error) => this.logger.warn(`meters: ${(error as Error).message}`)) : null,
      this.meters.updateEach(client, updates),
      this.checkpoints.apply(client, checkpoints),
    ]);
    return changes;
  }

  /** The meters' correction from the checkpoint before `late`, over every stored fix since (and the replayed feed). */
  private async replay(client: TenantScope, trackerId: string, record: Stored<AssetMeter>, late: number): Promise<{ km: number; hours: number; feed: MeterFeed; from: MeterCheckpoint } | null> {
    // Kept for a day of fix time before the newest fix counted: one past it (not swept yet) is never used.
    const oldest = record.feed!.ts - METER_CHECKPOINTS_SPAN_S;
    const from = await this.checkpoints.newestBefore(client, record._id, late, record.lastCheckpointTs ?? null, oldest);
    // The read goes down to the oldest slot, which may also hold a checkpoint just before `oldest`.
    if (!from || from.feed.trackerId !== trackerId || from.ts < oldest) return null;
    const fixes = await this.points.points(trackerId, from.ts + 1, record.feed!.ts);
    const replayed = advance(from.feed, trackerId, fixes);
    if (!replayed.feed) return null;
    // A device that sends its mileage counted the whole way: its newest value stays the truth.
    const km = from.feed.mileage != null ? 0 : from.odometerKm + replayed.km - record.odometerKm;
    const feed = from.feed.mileage != null ? { ...replayed.feed, mileage: record.feed!.mileage } : replayed.feed;
    return { km, hours: from.engineHours + replayed.hours - record.engineHours, feed, from };
  }
}
