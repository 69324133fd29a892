import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { FollowsTrackers, NewFixes, ProcessedTracker, TrackerProcessor } from '../../positions';
import { normalIdentificationKey } from '../schemas/driver.schema';
import { DriverAssignment, telemetryAssignmentId } from '../assignments/schemas/driver-assignment.schema';
import { DriverAssignments } from '../assignments/driver-assignments';
import { DriverKeys } from './driver-keys';
import { DriverKeyState } from './driver-key-state.schema';

type HeldState = Pick<DriverKeyState, 'key' | 'assignmentId' | 'ts'>;

const NONE: HeldState = Object.freeze({ key: null, assignmentId: null, ts: -Infinity });

/**
 * Driver assignments from telemetry (docs/dispatch.md, "Drivers on vehicles"): a fix whose driver
 * key differs from the asset's last one closes the telemetry assignment that key opened, at that
 * fix, and opens one for the active driver holding the new key (none for a key nobody holds). The
 * last key is kept in memory per asset and written when it changes; a fix without a key costs a
 * property read. Only fixes as they arrive carry a key (the store keeps none), so a late fix is
 * not replayed: the assignments stay as the fixes in order made them.
 */
@Injectable()
@FollowsTrackers()
export class DriverKeyProcessor implements TrackerProcessor {
  readonly name = 'driver-keys';
  private readonly held = new Map<string, HeldState>();

  constructor(
    private readonly keys: DriverKeys,
    private readonly labels: DriverAssignments,
    @InjectRepository(DriverAssignment) private readonly assignments: TenantRepository<DriverAssignment>,
    @InjectModel(DriverKeyState.name) private readonly states: Model<DriverKeyState>,
  ) {}

  async prepare(trackers: readonly ProcessedTracker[]): Promise<void> {
    const wanted = trackers.filter((tracker) => !this.held.has(tracker.assetId.toHexString())).map((tracker) => tracker.assetId);
    if (wanted.length === 0) return;
    const stored = await this.states
      .find({ _id: { $in: wanted } })
      .lean<Stored<DriverKeyState>[]>()
      .exec();
    const byId = new Map(stored.map((state) => [state._id.toHexString(), state]));
    for (const assetId of wanted) {
      const state = byId.get(assetId.toHexString());
      this.held.set(assetId.toHexString(), state ? { key: state.key, assignmentId: state.assignmentId, ts: state.ts } : NONE);
    }
  }

  snapshot(): unknown {
    return null;
  }

  /** The stored fixes of a replay carry no driver key: nothing to derive again. */
  async replay(): Promise<void> {}

  async advance(batch: readonly NewFixes[]): Promise<void> {
    await Promise.all(batch.map((fixes) => this.follow(fixes)));
  }

  async flush(): Promise<void> {}

  forget(assetIds: readonly string[]): void {
    for (const assetId of assetIds) this.held.delete(assetId);
  }

  private async follow({ clientId, assetId, fixes }: NewFixes): Promise<void> {
    for (const fix of fixes) {
      if (fix.driverKey === undefined) continue;
      const state = this.held.get(assetId.toHexString()) ?? NONE;
      const key = normalIdentificationKey(fix.driverKey);
      if (fix.ts <= state.ts || key === state.key) continue;
      await this.keyChanged(clientId, assetId, state, key, fix.ts);
    }
  }

  /** Closes the assignment of the key before, opens the new key's driver's, then records the key: each step idempotent. */
  private async keyChanged(clientId: Types.ObjectId, assetId: Types.ObjectId, before: HeldState, key: string, ts: number): Promise<void> {
    const scope = scopeOfClient(clientId);
    const at = new Date(Math.round(ts * 1000));
    const driverId = await this.keys.driverOf(clientId, key);
    const assignmentId = driverId ? telemetryAssignmentId(assetId, at.getTime()) : null;
    if (driverId && assignmentId)
      await this.assignments.insertNew(scope, [
        { _id: assignmentId, assetId, driverId, from: at, to: null, source: 'telemetry', createdAt: new Date(), updatedAt: new Date() },
      ]);
    if (before.assignmentId) await this.assignments.updateRecord(scope, { _id: before.assignmentId, clientId }, { $set: { to: at, updatedAt: new Date() } });
    if (assignmentId || before.assignmentId) await this.labels.changed(clientId);
    const state: HeldState = { key, assignmentId, ts };
    await this.states.updateOne({ _id: assetId }, { $set: state }, { upsert: true }).exec();
    this.held.set(assetId.toHexString(), state);
  }
}
