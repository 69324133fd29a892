import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ClientTimeZones } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, scopeOfClient, Stored, TenantQuery, TenantRepository, TenantScope } from '@app/database';
import { Asset, assetsTargetedBy } from '@app/fleet';
import { MetersService } from '../../meters';
import { ServicePlan } from '../schemas/service-plan.schema';
import { ServiceStatus } from '../schemas/service-status.schema';
import { Meters, metersIn, planStatusOf } from './plan-status';
import { ServiceMeterWatch } from './service-meter-watch';
import { effectsPendingOf, ServiceStateEffects } from './service-state-effects';
import { serviceStatusId, statusIdPrefix } from './service-status-ids';
import { ServiceStatusNumbers } from './service-status-numbers';
import { CycleStart, dayIn } from './status-rules';

type Target = Pick<Stored<Asset>, '_id' | 'name'>;

/** What a plan's sync works from: the plan, its client's zone and day, the assets' meters, and the time. */
interface SyncContext {
  plan: Stored<ServicePlan>;
  zone: string;
  today: string;
  meters: ReadonlyMap<string, Meters>;
  now: Date;
}

/**
 * Where each asset stands with each plan, kept as documents (service_statuses) as the plans go:
 * computed when a plan is created or edited, gone when it is removed, and a new cycle when a
 * service is recorded. The meters and the calendar move them too (ServiceStatusRecompute);
 * entering due_soon or overdue has its effects (ServiceStateEffects).
 */
@Injectable()
export class ServiceStatusService {
  constructor(
    @InjectRepository(ServiceStatus) private readonly statuses: TenantRepository<ServiceStatus>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly zones: ClientTimeZones,
    private readonly meters: MetersService,
    private readonly numbers: ServiceStatusNumbers,
    private readonly effects: ServiceStateEffects,
    private readonly watch: ServiceMeterWatch,
  ) {}

  /** The client's assets in service the plan applies to. */
  async targetsOf(plan: Pick<ServicePlan, 'clientId' | 'allAssets' | 'assetIds' | 'groupIds'>): Promise<Target[]> {
    const targeted = assetsTargetedBy(plan);
    if (!targeted) return [];
    const filter: TenantQuery<Asset> = { archivedAt: null, ...targeted };
    return this.assets.find(scopeOfClient(plan.clientId), filter, { projection: { _id: 1, name: 1, clientId: 1, mainTrackerId: 1 } });
  }

  /**
   * After a plan is created or edited: statuses for the assets it now applies to (a new one counts
   * from now, at the asset's meters now — for a new plan, its creation), none for the others, and
   * each recomputed with the plan's intervals from its cycle's start (an edit never starts a cycle).
   */
  async syncPlan(plan: Stored<ServicePlan>, now = new Date()): Promise<void> {
    const scope = scopeOfClient(plan.clientId);
    const zone = await this.zones.of(plan.clientId);
    const [targets, existing] = await Promise.all([this.targetsOf(plan), this.statuses.find(scope, { planId: plan._id })]);
    const wanted = new Map(targets.map((asset) => [asset._id.toHexString(), asset]));
    const have = new Map(existing.map((status) => [status.assetId.toHexString(), status]));
    const gone = existing.filter((status) => !wanted.has(status.assetId.toHexString()));
    if (gone.length > 0) await this.statuses.deleteRecords(scope, gone);
    const targetIds = targets.map((asset) => asset._id);
    const sync: SyncContext = { plan, zone, today: dayIn(now, zone), meters: await this.meters.ofAssets(scope, targetIds), now };
    const added = targets.filter((asset) => !have.has(asset._id.toHexString()));
    const kept = targets.flatMap((asset) => have.get(asset._id.toHexString()) ?? []);
    const inserted = await this.insertStatuses(sync, added);
    const moved = await this.recomputeStatuses(sync, kept);
    for (const status of [...moved, ...inserted]) await this.effects.apply(plan, status, wanted.get(status.assetId.toHexString())?.name ?? '', now);
    await this.watch.rewatch(plan.clientId, targetIds);
  }

  /** Whether the plan applies to the asset (it has a status for it). */
  async applies(plan: Stored<ServicePlan>, assetId: Types.ObjectId): Promise<boolean> {
    return this.statuses.exists(scopeOfClient(plan.clientId), { planId: plan._id, assetId });
  }

  /** A plan removed: its statuses go (its service records stay). */
  async dropPlan(scope: TenantScope, planId: Types.ObjectId): Promise<void> {
    const statuses = await this.statuses.find(scope, { planId });
    await this.statuses.deleteMany(scope, { planId });
    await this.watch.rewatch(
      scope.clientId,
      statuses.map((status) => status.assetId),
    );
  }

  /** A service recorded: a new cycle from it (a service older than the cycle's start only counts as history). */
  async serviceRecorded(
    plan: Stored<ServicePlan>,
    assetId: Types.ObjectId,
    service: { id: Types.ObjectId; doneAt: Date; odometerKm: number; engineHours: number },
    now = new Date(),
  ): Promise<void> {
    const scope = scopeOfClient(plan.clientId);
    const status = await this.statuses.findOne(scope, { planId: plan._id, assetId });
    // A service older than the last one known is history, not a new cycle. Older than the plan
    // itself is fine: the last service done before the plan existed is how a fleet starts one.
    if (!status || (status.lastService && service.doneAt <= status.lastService.doneAt)) return;
    const zone = await this.zones.of(plan.clientId);
    const current = metersIn(await this.meters.ofAssets(scope, [assetId]), assetId);
    const start: CycleStart = { at: service.doneAt, odometerKm: service.odometerKm, engineHours: service.engineHours };
    const computed = planStatusOf(plan, start, current, zone, dayIn(now, zone));
    const updated = await this.statuses.updateRecord(
      scope,
      status,
      {
        $set: { ...computed, start, cycle: status.cycle + 1, lastService: service, workOrderId: null, updatedAt: now, ...effectsPendingOf(computed.state) },
      },
      { cycle: status.cycle },
    );
    if (updated && updated.state !== 'ok') await this.effects.apply(plan, updated, (await this.assets.findById(scope, assetId.toHexString()))?.name ?? '', now);
    await this.watch.rewatch(plan.clientId, [assetId]);
  }

  /**
   * Statuses for the assets the plan newly applies to, numbered at once (their ids:
   * serviceStatusId), each from now at its meters now; answers those not ok, whose effects are due.
   */
  private async insertStatuses({ plan, zone, today, meters, now }: SyncContext, added: readonly Target[]): Promise<Array<Stored<ServiceStatus>>> {
    if (added.length === 0) return [];
    const first = await this.numbers.allocate(plan.clientId, added.length);
    const prefix = statusIdPrefix(plan.clientId);
    const inserts = added.map((asset, i) => {
      const current = metersIn(meters, asset._id);
      const start: CycleStart = { at: plan.createdAt.getTime() > now.getTime() - 60_000 ? plan.createdAt : now, ...current };
      const computed = planStatusOf(plan, start, current, zone, today);
      return {
        _id: serviceStatusId(plan.clientId, first + i, prefix),
        assetId: asset._id,
        planId: plan._id,
        cycle: 0,
        start,
        lastService: null,
        workOrderId: null,
        dueSoonEvent: null,
        overdueEvent: null,
        effectsPending: false,
        updatedAt: now,
        ...computed,
        ...effectsPendingOf(computed.state, 'ok'),
      };
    });
    await this.statuses.insertMany(scopeOfClient(plan.clientId), inserts, { ordered: false }).catch((error) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
    return inserts.filter((inserted) => inserted.state !== 'ok').map((inserted) => ({ ...(inserted as Stored<ServiceStatus>), clientId: plan.clientId }));
  }

  /** The plan's statuses it still applies to, recomputed from their cycle's start; answers those whose state changed. */
  private async recomputeStatuses(
    { plan, zone, today, meters, now }: SyncContext,
    kept: readonly Stored<ServiceStatus>[],
  ): Promise<Array<Stored<ServiceStatus>>> {
    const moved: Array<Stored<ServiceStatus>> = [];
    const updates = kept.map((status) => {
      const computed = planStatusOf(plan, status.start, metersIn(meters, status.assetId), zone, today);
      if (computed.state !== status.state) moved.push({ ...status, ...computed });
      return { record: status, update: { $set: { ...computed, updatedAt: now, ...effectsPendingOf(computed.state, status.state) } } };
    });
    if (updates.length > 0) await this.statuses.updateEach(scopeOfClient(plan.clientId), updates);
    return moved;
  }
}
