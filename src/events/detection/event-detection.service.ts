import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Types } from 'mongoose';
import { groupBy, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Asset, eventSettingsOf } from '@app/fleet';
import { GeofenceIndex } from '../../geofences';
import { PositionsStored, StoredFixes, TelemetryPointsReader } from '../../positions';
import { FleetEvents } from '../fleet-events.service';
import type { NewFleetEvent } from '../fleet-event.types';
import { AssetEventState } from '../schemas/asset-event-state.schema';
import { checkpointBefore, withCheckpoint } from './checkpoints';
import { detect, DetectorContext } from './detector';
import { DetectedEvent, DetectorState, initialState } from './detector-state';
import { EventReconciler } from './event-reconciler';

/** Metres past a geofence's edge that confirm an enter or exit at once (docs/events.md, "Jitter"). */
export const FENCE_HYSTERESIS_M = 25;

/**
 * Fleet events from telemetry: subscribed to `PositionsStored`, it runs the detector over each
 * asset's new fixes from the state it left (asset_event_states), records the events and keeps the
 * state — before the batch is acknowledged. A batch whose new messages are older than the last
 * one evaluated replays the stored fixes from the checkpoint before them, and the reconciler
 * makes the stored events match what the replay found.
 */
@Injectable()
export class EventDetection implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EventDetection.name);
  private unsubscribe?: () => void;

  constructor(
    private readonly stored: PositionsStored,
    @InjectRepository(AssetEventState) private readonly states: TenantRepository<AssetEventState>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly geofences: GeofenceIndex,
    private readonly events: FleetEvents,
    private readonly points: TelemetryPointsReader,
    private readonly reconciler: EventReconciler,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.stored.subscribe((batch) => this.detectBatch(batch));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /**
   * Runs the detector over a tracker's stored messages of a period, a day at a time (the demo seed's
   * history, which is written straight into the store). Answers how many fixes it read.
   */
  async backfill(tracker: { _id: Types.ObjectId; clientId: Types.ObjectId; vendorId: number }, assetId: Types.ObjectId, from: number, to: number): Promise<number> {
    let read = 0;
    for (let day = from; day <= to; day += 86_400) {
      const fixes = await this.points.points(tracker._id.toHexString(), day, Math.min(day + 86_399, to));
      if (fixes.length === 0) continue;
      read += fixes.length;
      await this.detectClient([{ clientId: tracker.clientId, trackerId: tracker._id, vendorId: tracker.vendorId, assetId, fixes, added: fixes.length, latestTsBefore: null, latest: null }]);
    }
    return read;
  }

  async detectBatch(batch: readonly StoredFixes[]): Promise<void> {
    const byClient = groupBy(batch.filter((fixes) => fixes.assetId), (fixes) => fixes.clientId.toHexString());
    await Promise.all([...byClient.values()].map((group) => this.detectClient(group)));
  }

  private async detectClient(group: readonly StoredFixes[]): Promise<void> {
    const client = scopeOfClient(group[0].clientId);
    const ids = group.map((fixes) => fixes.assetId!.toHexString());
    const [stored, fences, assets] = await Promise.all([this.states.findByIds(client, ids), this.geofences.of(client.clientId), this.assets.findByIds(client, ids)]);
    const states = new Map(stored.map((state) => [state._id.toHexString(), state]));
    const assetsById = new Map(assets.map((asset) => [asset._id.toHexString(), asset]));
    const found: NewFleetEvent[] = [];
    const inserts: AssetEventState[] = [];
    const updates: Array<{ record: Stored<AssetEventState>; update: object }> = [];
    for (const fixes of group) {
      const asset = assetsById.get(fixes.assetId!.toHexString());
      if (!asset) continue;
      const settings = eventSettingsOf(asset);
      const context: DetectorContext = { fences, appliesTo: (fence) => fence.appliesTo(asset), hysteresisM: FENCE_HYSTERESIS_M, settings };
      const record = states.get(asset._id.toHexString());
      const state: DetectorState = record ? { ...record.state, offline: record.offline } : initialState();
      let checkpoints = record?.checkpoints ?? [];
      const newer = state.lastTs === null ? fixes.fixes : fixes.fixes.filter((fix) => fix.ts > state.lastTs!);
      let replayed: DetectorState | null = null;
      if (state.lastTs !== null && fixes.added > newer.length) {
        // Messages stored for the first time, older than the last evaluated: the past changed.
        const late = fixes.fixes.find((fix) => fix.ts <= state.lastTs!)!.ts;
        const replay = await this.replay(fixes, asset, context, state, checkpoints, late);
        if (replay) ({ state: replayed, checkpoints } = replay);
      }
      const current = replayed ?? state;
      const wasOffline = current.offline !== null;
      if (newer.length > 0) checkpoints = withCheckpoint(checkpoints, current, newer[0].ts);
      found.push(...this.toEvents(detect(current, newer, context), asset));
      const { offline, ...kept } = current;
      if (record) updates.push({ record, update: { $set: { state: kept, lastTs: current.lastTs, checkpoints, ...(wasOffline && offline === null ? { offline: null } : {}) } } });
      else inserts.push({ _id: asset._id, clientId: client.clientId, assetId: asset._id, lastTs: current.lastTs, state: kept as DetectorState, offline: null, checkpoints });
    }
    // Events first: killed before the state is kept, the resend finds them again (the same ids).
    await this.events.record(found);
    if (inserts.length > 0) await this.states.insertMany(client, inserts.map(({ clientId: _client, ...state }) => state), { ordered: false }).catch((error) => this.logger.warn(`event states: ${(error as Error).message}`));
    await this.states.updateEach(client, updates);
  }

  /** The state from the checkpoint before `late`, run over every stored fix since; the events of that stretch made to match. */
  private async replay(fixes: StoredFixes, asset: Stored<Asset>, context: DetectorContext, state: DetectorState, checkpoints: AssetEventState['checkpoints'], late: number) {
    const before = checkpointBefore(checkpoints, late);
    if (!before) return null; // older than the kept checkpoints: stored, but the past events stay
    const replayed: DetectorState = { ...structuredClone(before.from.state), offline: state.offline };
    const stored = await this.points.points(fixes.trackerId.toHexString(), before.from.ts + 1, state.lastTs!);
    const events = this.toEvents(detect(replayed, stored, context), asset);
    await this.reconciler.reconcile(asset, before.from.ts + 1, state.lastTs!, events);
    return { state: replayed, checkpoints: before.kept };
  }

  private toEvents(detected: readonly DetectedEvent[], asset: Stored<Asset>): NewFleetEvent[] {
    return detected.map((event) => ({
      clientId: asset.clientId,
      assetId: asset._id,
      assetName: asset.name,
      type: event.type as NewFleetEvent['type'],
      occurredAt: new Date(event.at.ts * 1000),
      position: { lat: event.at.lat, lng: event.at.lng, speed: event.at.speed },
      geofenceId: event.geofenceId ? new Types.ObjectId(event.geofenceId) : null,
      details: event.details ?? {},
    }));
  }
}
