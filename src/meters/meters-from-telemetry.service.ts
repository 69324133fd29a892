import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { PositionsStored, StoredFixes, TelemetryPointsReader } from '../positions';
import { advance, MeterFeed } from './meter-rules';
import { MeterChange, MetersChanged } from './meters-changed';
import { AssetMeter, MeterCheckpoint } from './schemas/asset-meter.schema';

/** Meters are kept at most every this often for replays of late messages… */
export const METER_CHECKPOINT_EVERY_S = 600;
/** …and for this long: a message later than that is stored but does not change the meters. */
export const METER_CHECKPOINTS_SPAN_S = 24 * 3600;
/**
 * A batch reads its assets' meters with their newest checkpoint only: a day of checkpoints (144)
 * is ~30 KB an asset, read and decoded for every message otherwise. A replay reads them all.
 */
const NEWEST_CHECKPOINT_ONLY = { clientId: 1, assetId: 1, odometerKm: 1, engineHours: 1, feed: 1, watch: 1, checkpoints: { $slice: -1 } };

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
    const stored = await this.meters.findByIds(client, group.map((fixes) => fixes.assetId!.toHexString()), NEWEST_CHECKPOINT_ONLY);
    const byAsset = new Map(stored.map((meter) => [meter._id.toHexString(), meter]));
    const inserts: Array<Partial<AssetMeter>> = [];
    const updates: Array<{ record: Stored<AssetMeter>; update: object }> = [];
    const changes: MeterChange[] = [];
    for (const fixes of group) {
      const assetId = fixes.assetId!;
      const trackerId = fixes.trackerId.toHexString();
      let record = byAsset.get(assetId.toHexString());
      let feed: MeterFeed | null = record?.feed ?? null;
      // Without a replay only the newest checkpoint was read: a new one is pushed, the old pulled.
      let replayed: MeterCheckpoint[] | null = null;
      let km = 0;
      let hours = 0;
      const sameTracker = feed !== null && feed.trackerId === trackerId;
      const newer = sameTracker ? fixes.fixes.filter((fix) => fix.ts > feed!.ts) : fixes.fixes;
      if (record && sameTracker && fixes.added > newer.length) {
        record = (await this.meters.findById(client, assetId.toHexString())) ?? record; // every checkpoint, for the replay
        const late = fixes.fixes.find((fix) => fix.ts <= feed!.ts)!.ts;
        const replay = await this.replay(trackerId, record, late);
        if (replay) ({ km, hours, feed, checkpoints: replayed } = replay);
      }
      let added: MeterCheckpoint | null = null;
      let dropBefore: number | null = null;
      if (newer.length > 0) {
        const at = { ts: feed?.ts ?? newer[0].ts - 1, odometerKm: (record?.odometerKm ?? 0) + km, engineHours: (record?.engineHours ?? 0) + hours };
        const last = (replayed ?? record?.checkpoints ?? []).at(-1);
        if (feed && feed.trackerId === trackerId && (!last || at.ts - last.ts >= METER_CHECKPOINT_EVERY_S)) {
          added = { ...at, feed: { ...feed } };
          dropBefore = at.ts - METER_CHECKPOINTS_SPAN_S;
        }
      }
      const step = advance(feed, trackerId, newer);
      km += step.km;
      hours += step.hours;
      const now = new Date();
      if (!record) {
        inserts.push({ _id: assetId, assetId, odometerKm: km, engineHours: hours, odometerSource: 'telemetry', updatedAt: now, feed: step.feed, checkpoints: added ? [added] : [], watch: null });
        continue;
      }
      const set = { feed: step.feed, updatedAt: now, ...(km !== 0 ? { odometerSource: 'telemetry' } : {}) };
      if (replayed) {
        const checkpoints = [...replayed, ...(added ? [added] : [])].filter((checkpoint) => dropBefore === null || checkpoint.ts >= dropBefore);
        updates.push({ record, update: { $inc: { odometerKm: km, engineHours: hours }, $set: { ...set, checkpoints } } });
      } else {
        updates.push({ record, update: { $inc: { odometerKm: km, engineHours: hours }, $set: set, ...(added ? { $push: { checkpoints: added } } : {}) } });
        // The checkpoints past the span go when a new one comes (a second write: one update cannot push and pull one array).
        if (dropBefore !== null) updates.push({ record, update: { $pull: { checkpoints: { ts: { $lt: dropBefore } } } } });
      }
      const odometerKm = record.odometerKm + km;
      const engineHours = record.engineHours + hours;
      const watch = record.watch;
      if (watch && ((watch.odometerKm !== null && odometerKm >= watch.odometerKm) || (watch.engineHours !== null && engineHours >= watch.engineHours))) {
        changes.push({ clientId: client.clientId, assetId, odometerKm, engineHours });
      }
    }
    if (inserts.length > 0) await this.meters.insertMany(client, inserts, { ordered: false }).catch((error) => this.logger.warn(`meters: ${(error as Error).message}`));
    await this.meters.updateEach(client, updates);
    return changes;
  }

  /** The meters' correction from the checkpoint before `late`, over every stored fix since (the replayed feed and the checkpoints up to it). */
  private async replay(trackerId: string, record: Stored<AssetMeter>, late: number): Promise<{ km: number; hours: number; feed: MeterFeed; checkpoints: MeterCheckpoint[] } | null> {
    let index = record.checkpoints.length - 1;
    while (index >= 0 && record.checkpoints[index].ts >= late) index--;
    // Kept for a day of fix time before the newest fix counted (one past it waits for the next push to go).
    if (index < 0 || record.checkpoints[index].feed.trackerId !== trackerId || record.checkpoints[index].ts < record.feed!.ts - METER_CHECKPOINTS_SPAN_S) return null;
    const from = record.checkpoints[index];
    const fixes = await this.points.points(trackerId, from.ts + 1, record.feed!.ts);
    const replayed = advance(from.feed, trackerId, fixes);
    if (!replayed.feed) return null;
    // A device that sends its mileage counted the whole way: its newest value stays the truth.
    const km = from.feed.mileage != null ? 0 : from.odometerKm + replayed.km - record.odometerKm;
    const feed = from.feed.mileage != null ? { ...replayed.feed, mileage: record.feed!.mileage } : replayed.feed;
    return { km, hours: from.engineHours + replayed.hours - record.engineHours, feed, checkpoints: record.checkpoints.slice(0, index + 1) };
  }
}
