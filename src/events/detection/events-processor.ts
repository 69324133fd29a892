import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { groupBy, Stored } from '@app/database';
import { Asset, eventSettingsOf } from '@app/fleet';
import { GeofenceIndex } from '../../geofences';
import { PlaceIndex } from '../../places';
import { FollowsTrackers, NewFixes, ProcessedTracker, Replay, TelemetryPointsReader, TrackerProcessor } from '../../positions';
import type { NewFleetEvent } from '../fleet-event.types';
import { FleetEvents } from '../fleet-events.service';
import { DetectionRules } from './detection-rule';
import { detect, DetectorContext } from './detector';
import { DetectedEvent, DetectorState, initialState } from './detector-state';
import { EventReconciler } from './event-reconciler';
import { EventStates, HeldEventState } from './event-states';

/** Metres past a geofence's edge that confirm an enter or exit at once (docs/events.md, "Jitter"). */
export const FENCE_HYSTERESIS_M = 25;

/**
 * Fleet events from telemetry, as a processor of the ingestion pipeline: each asset's detector
 * state is in memory (`EventStates`), the detector runs over the new fixes of each batch in
 * fix-time order and the events are recorded before the batch is acknowledged; after late fixes
 * the stretch is detected again from the checkpoint's state and the stored events are made to
 * match (`EventReconciler`).
 */
@Injectable()
@FollowsTrackers()
export class EventsProcessor implements TrackerProcessor {
  readonly name = 'events';

  constructor(
    private readonly states: EventStates,
    private readonly geofences: GeofenceIndex,
    private readonly places: PlaceIndex,
    private readonly events: FleetEvents,
    private readonly reconciler: EventReconciler,
    private readonly points: TelemetryPointsReader,
    private readonly rules: DetectionRules,
  ) {}

  /**
   * Runs the detector over a tracker's stored messages of a period, a day at a time (the demo
   * seed's history, written straight into the store), and writes the states. Answers how many
   * fixes it read.
   */
  async backfill(tracker: ProcessedTracker, from: number, to: number): Promise<number> {
    let read = 0;
    await this.prepare([tracker]);
    for (let day = from; day <= to; day += 86_400) {
      const fixes = await this.points.points(tracker.trackerId.toHexString(), day, Math.min(day + 86_399, to));
      if (fixes.length === 0) continue;
      read += fixes.length;
      await this.advance([{ ...tracker, fixes }]);
    }
    await this.states.flush();
    return read;
  }

  prepare(trackers: readonly ProcessedTracker[]): Promise<void> {
    return this.states.load(trackers);
  }

  snapshot(tracker: ProcessedTracker): unknown {
    const held = this.states.get(tracker.assetId.toHexString());
    return structuredClone({ ...(held?.state ?? initialState()), offline: null });
  }

  async replay(replays: readonly Replay[]): Promise<void> {
    for (const [clientId, group] of groupBy(replays, (replay) => replay.clientId.toHexString())) {
      const areas = await this.areasOf(new Types.ObjectId(clientId));
      for (const replay of group) {
        const held = this.states.get(replay.assetId.toHexString());
        if (!held?.asset || !replay.snapshot) continue;
        const replayed: DetectorState = { ...structuredClone(replay.snapshot as DetectorState), offline: held.state.offline };
        const found = this.toEvents(detect(replayed, replay.fixes, this.contextOf(held.asset, areas), this.rules.all), held.asset);
        await this.reconciler.reconcile(held.asset, replay.from + 1, replay.to, found);
        held.state = replayed;
        held.dirty = true;
      }
    }
  }

  async advance(batch: readonly NewFixes[]): Promise<void> {
    const found: NewFleetEvent[] = [];
    const advanced: Array<{ held: HeldEventState; state: DetectorState }> = [];
    for (const [clientId, group] of groupBy(batch, (fixes) => fixes.clientId.toHexString())) {
      const areas = await this.areasOf(new Types.ObjectId(clientId));
      for (const { assetId, fixes } of group) {
        const held = this.states.get(assetId.toHexString());
        if (!held?.asset || held.asset.archivedAt) continue;
        const state = structuredClone(held.state);
        found.push(...this.toEvents(detect(state, fixes, this.contextOf(held.asset, areas), this.rules.all), held.asset));
        advanced.push({ held, state });
        held.seenAt = Date.now();
      }
    }
    await this.events.record(found);
    // Only once its events are stored: a compaction writing the state before would keep a state
    // that has seen fixes whose events a crash then lost (the resend's fixes skipped as seen).
    for (const { held, state } of advanced) {
      held.state = state;
      held.dirty = true;
    }
  }

  async flush(full: boolean): Promise<void> {
    if (full) await this.states.flush();
  }

  forget(assetIds: readonly string[], discard?: boolean): void {
    this.states.forget(assetIds, discard);
  }

  /** What the detector needs of an asset and its client's geofences and places. */
  contextOf(asset: Stored<Asset>, { fences, places }: Pick<DetectorContext, 'fences' | 'places'>): DetectorContext {
    return { fences, places, appliesTo: (fence) => fence.appliesTo(asset), hysteresisM: FENCE_HYSTERESIS_M, settings: eventSettingsOf(asset) };
  }

  private async areasOf(clientId: Types.ObjectId): Promise<Pick<DetectorContext, 'fences' | 'places'>> {
    // A client's 100 000 places take seconds to rebuild after an edit: batches go on with the places of a moment ago.
    const [fences, places] = await Promise.all([this.geofences.of(clientId), this.places.of(clientId, { stale: true })]);
    return { fences, places };
  }

  toEvents(detected: readonly DetectedEvent[], asset: Stored<Asset>): NewFleetEvent[] {
    return detected.map((event) => ({
      clientId: asset.clientId,
      assetId: asset._id,
      assetName: asset.name,
      type: event.type as NewFleetEvent['type'],
      occurredAt: new Date(event.at.ts * 1000),
      position: { lat: event.at.lat, lng: event.at.lng, speed: event.at.speed },
      geofenceId: event.geofenceId ? new Types.ObjectId(event.geofenceId) : null,
      // Two places' arrivals at one fix are two events.
      ...(event.placeId ? { placeId: new Types.ObjectId(event.placeId), subject: event.placeId } : {}),
      details: event.details ?? {},
    }));
  }
}

export type { HeldEventState };
