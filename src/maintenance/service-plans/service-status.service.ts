import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import { Model, Types } from 'mongoose';
import { ClientTimeZones, type AuthContext } from '@app/auth';
import {
  decodeCursor,
  encodeCursor,
  groupBy,
  InjectRepository,
  isDuplicateKeyError,
  Page,
  pageSize,
  scopeOfClient,
  Stored,
  TenantQuery,
  TenantRepository,
  TenantScope,
} from '@app/database';
import { Asset, assetsTargetedBy } from '@app/fleet';
import { Jobs, LeaseCheck, NOT_LEASED } from '@app/jobs';
import { FleetEvents } from '../../events';
import { DomainEvents } from '@app/bus';
import { MeterChange, METERS_CHANGED, MetersService } from '../../meters';
import { ListServiceStatusQueryDto, ServiceStatusView } from '../dto/service-plan.dto';
import { ServicePlan } from '../schemas/service-plan.schema';
import { ServiceStatus } from '../schemas/service-status.schema';
import { ServiceStatusSequence } from '../schemas/service-status-sequence.schema';
import { WorkOrder } from '../schemas/work-order.schema';
import { MAX_STATUS_NUMBER, serviceStatusId, serviceStatusNumber, statusIdPrefix } from './service-status-ids';
import { CycleStart, dateCheckOf, dayIn, decidingInterval, meterWatchOf, remainingOf, scheduleOf, ServiceState, stateOf } from './status-rules';

export const DEFAULT_SERVICE_CATEGORY = 'preventive';

type Meters = { odometerKm: number; engineHours: number };
const NO_METERS: Meters = { odometerKm: 0, engineHours: 0 };
/** Ids the unfiltered status list looks up per round (doubling from a page's worth) … */
const MAX_IDS_PER_READ = 1024;
/** … and at most in all before it reads the rest of the page with the indexed query (long runs of removed statuses, a user who sees few assets). */
const MAX_IDS_LOOKED_UP = 4096;
/**
 * From this many assets, a rewatch reads the client's statuses whole and picks the assets' in
 * code: mongo-java-server scans for an `$in` on `assetId` anyway and tests every status against
 * the whole list (a plan on 10 000 assets spent most of its creation there).
 */
const WHOLE_CLIENT_REWATCH_FROM = 1000;

/**
 * What a state write sets beside the state so that its effects cannot be lost: entering due_soon
 * or overdue (from another state, or in a new cycle: `before` undefined) marks the status
 * `effectsPending` in the same write, which the sweep finishes should the process die before
 * `applyEffects` does. A separate claim after the write left the state entered and its event
 * never recorded when the process died in between.
 */
function effectsPendingOf(state: ServiceState, before?: ServiceState): { effectsPending?: true } {
  return state !== 'ok' && state !== before ? { effectsPending: true } : {};
}

/** The work order a plan opens for an asset in a cycle: its id is derived from the three, so there is one whatever the instances or restarts. */
export function serviceWorkOrderId(planId: Types.ObjectId, assetId: Types.ObjectId, cycle: number): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`service-work-order|${planId}|${assetId}|${cycle}`).digest().subarray(0, 12));
}

/**
 * Where each asset stands with each plan, kept as documents (service_statuses): computed when a
 * plan is created or edited, when an asset's meters reach the next threshold (the meters' watch),
 * when a service is recorded, and by the sweep for the calendar. Entering due_soon or overdue
 * records its fleet event once per cycle (a claim on the status, then the event with the claimed
 * time: a repeat has the same id); overdue with `autoCreate` opens one work order per cycle (an id
 * derived from plan, asset and cycle).
 */
@Injectable()
export class ServiceStatusService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ServiceStatusService.name);
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    @InjectRepository(ServiceStatus) private readonly statuses: TenantRepository<ServiceStatus>,
    @InjectRepository(ServicePlan) private readonly plans: TenantRepository<ServicePlan>,
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly zones: ClientTimeZones,
    private readonly meters: MetersService,
    private readonly events: FleetEvents,
    private readonly jobs: Jobs,
    private readonly bus: DomainEvents,
    @InjectModel(ServiceStatusSequence.name) private readonly sequences: Model<ServiceStatusSequence>,
  ) {}

  onModuleInit(): void {
    this.unsubscribe.push(this.bus.on(METERS_CHANGED, (changes) => this.onMeters(changes)));
  }

  onModuleDestroy(): void {
    for (const stop of this.unsubscribe) stop();
  }

  /** The client's assets in service the plan applies to. */
  async targetsOf(plan: Pick<ServicePlan, 'clientId' | 'allAssets' | 'assetIds' | 'groupIds'>): Promise<Array<Pick<Stored<Asset>, '_id' | 'name'>>> {
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
    const today = dayIn(now, zone);
    const [targets, existing] = await Promise.all([this.targetsOf(plan), this.statuses.find(scope, { planId: plan._id })]);
    const wanted = new Map(targets.map((asset) => [asset._id.toHexString(), asset]));
    const have = new Map(existing.map((status) => [status.assetId.toHexString(), status]));
    const gone = existing.filter((status) => !wanted.has(status.assetId.toHexString()));
    if (gone.length > 0) await this.statuses.deleteRecords(scope, gone);
    const meters = await this.meters.ofAssets(
      scope,
      targets.map((asset) => asset._id),
    );
    const metersOf = (assetId: Types.ObjectId): Meters => meters.get(assetId.toHexString()) ?? NO_METERS;
    const inserts: Array<Partial<ServiceStatus> & { _id: Types.ObjectId }> = [];
    // The new statuses' numbers, taken at once (their ids: serviceStatusId).
    const missing = targets.filter((asset) => !have.has(asset._id.toHexString())).length;
    const first = missing > 0 ? await this.allocate(plan.clientId, missing) : 0;
    const prefix = statusIdPrefix(plan.clientId);
    const entered: Array<{ status: Stored<ServiceStatus>; from: ServiceState }> = [];
    const updates: Array<{ record: Stored<ServiceStatus>; update: object }> = [];
    for (const asset of targets) {
      const status = have.get(asset._id.toHexString());
      const current = metersOf(asset._id);
      if (!status) {
        const start: CycleStart = { at: plan.createdAt.getTime() > now.getTime() - 60_000 ? plan.createdAt : now, ...current };
        const computed = this.compute(plan, start, current, zone, today);
        inserts.push({
          _id: serviceStatusId(plan.clientId, first + inserts.length, prefix),
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
          ...computed.fields,
          ...effectsPendingOf(computed.fields.state, 'ok'),
        });
        continue;
      }
      const computed = this.compute(plan, status.start, current, zone, today);
      updates.push({ record: status, update: { $set: { ...computed.fields, updatedAt: now, ...effectsPendingOf(computed.fields.state, status.state) } } });
      if (computed.fields.state !== status.state) entered.push({ status: { ...status, ...computed.fields }, from: status.state });
    }
    if (inserts.length > 0)
      await this.statuses.insertMany(scope, inserts, { ordered: false }).catch((error) => {
        if (!isDuplicateKeyError(error)) throw error;
      });
    if (updates.length > 0) await this.statuses.updateEach(scope, updates);
    for (const inserted of inserts)
      if (inserted.state !== 'ok') entered.push({ status: { ...(inserted as Stored<ServiceStatus>), clientId: plan.clientId }, from: 'ok' });
    for (const { status } of entered) await this.applyEffects(plan, status, wanted.get(status.assetId.toHexString())?.name ?? '', now);
    await this.rewatch(
      plan.clientId,
      targets.map((asset) => asset._id),
    );
  }

  /** Whether the plan applies to the asset (it has a status for it). */
  async applies(plan: Stored<ServicePlan>, assetId: Types.ObjectId): Promise<boolean> {
    return this.statuses.exists(scopeOfClient(plan.clientId), { planId: plan._id, assetId });
  }

  /** A plan removed: its statuses go (its service records stay). */
  async dropPlan(scope: TenantScope, planId: Types.ObjectId): Promise<void> {
    const statuses = await this.statuses.find(scope, { planId });
    await this.statuses.deleteMany(scope, { planId });
    await this.rewatch(
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
    const current = (await this.meters.ofAssets(scope, [assetId])).get(assetId.toHexString()) ?? NO_METERS;
    const start: CycleStart = { at: service.doneAt, odometerKm: service.odometerKm, engineHours: service.engineHours };
    const computed = this.compute(plan, start, current, zone, dayIn(now, zone));
    const updated = await this.statuses.updateRecord(
      scope,
      status,
      {
        $set: {
          ...computed.fields,
          start,
          cycle: status.cycle + 1,
          lastService: service,
          workOrderId: null,
          updatedAt: now,
          ...effectsPendingOf(computed.fields.state),
        },
      },
      { cycle: status.cycle },
    );
    if (updated && updated.state !== 'ok') await this.applyEffects(plan, updated, (await this.assets.findById(scope, assetId.toHexString()))?.name ?? '', now);
    await this.rewatch(plan.clientId, [assetId]);
  }

  /** Meters reached a threshold (or a reading was recorded): the asset's statuses recomputed. */
  async onMeters(changes: readonly MeterChange[], now = new Date()): Promise<void> {
    for (const change of changes) await this.recomputeAsset(change.clientId, change.assetId, change, now);
  }

  private async recomputeAsset(
    clientId: Types.ObjectId,
    assetId: Types.ObjectId,
    current: Meters,
    now: Date,
    only?: readonly Stored<ServiceStatus>[],
  ): Promise<void> {
    const scope = scopeOfClient(clientId);
    const statuses = only ?? (await this.statuses.find(scope, { assetId }));
    if (statuses.length === 0) return;
    const zone = await this.zones.of(clientId);
    const today = dayIn(now, zone);
    const plans = new Map(
      (await this.plans.findByIds(scope, [...new Set(statuses.map((status) => status.planId.toHexString()))])).map((plan) => [plan._id.toHexString(), plan]),
    );
    let assetName: string | undefined;
    for (const status of statuses) {
      const plan = plans.get(status.planId.toHexString());
      if (!plan) continue;
      const computed = this.compute(plan, status.start, current, zone, today);
      if (computed.fields.state === status.state && computed.fields.dateCheck === status.dateCheck) continue;
      const updated = await this.statuses.updateRecord(
        scope,
        status,
        { $set: { ...computed.fields, updatedAt: now, ...effectsPendingOf(computed.fields.state, status.state) } },
        { cycle: status.cycle },
      );
      if (updated && updated.state !== 'ok' && updated.state !== status.state) {
        assetName ??= (await this.assets.findById(scope, assetId.toHexString()))?.name ?? '';
        await this.applyEffects(plan, updated, assetName, now);
      }
    }
    await this.rewatch(clientId, [assetId]);
  }

  private compute(plan: Pick<ServicePlan, 'intervals' | 'dueSoon'>, start: CycleStart, current: Meters, zone: string, today: string) {
    const schedule = scheduleOf(plan.intervals, plan.dueSoon, start, zone);
    const state = stateOf(schedule, current, today);
    const dueBy = decidingInterval(plan.intervals, remainingOf(schedule.next, current, today));
    return {
      fields: { state, next: schedule.next, soon: schedule.soon, dueBy, dateCheck: dateCheckOf(schedule, state) },
      watch: meterWatchOf(schedule, state),
    };
  }

  /** The meters' watch of these assets: the lowest next threshold over their plans. */
  private async rewatch(clientId: Types.ObjectId, assetIds: readonly Types.ObjectId[]): Promise<void> {
    if (assetIds.length === 0) return;
    const scope = scopeOfClient(clientId);
    const filter = assetIds.length >= WHOLE_CLIENT_REWATCH_FROM ? {} : { assetId: { $in: [...assetIds] } };
    const statuses = await this.statuses.find(scope, filter, { projection: { assetId: 1, clientId: 1, state: 1, next: 1, soon: 1 } });
    const watches = new Map<string, { odometerKm: number | null; engineHours: number | null }>(
      assetIds.map((id) => [id.toHexString(), { odometerKm: null, engineHours: null }]),
    );
    const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
    for (const status of statuses) {
      const kept = watches.get(status.assetId.toHexString());
      if (!kept) continue; // another asset's (the whole client's statuses were read)
      const watch = meterWatchOf({ next: status.next, soon: status.soon }, status.state);
      kept.odometerKm = lower(kept.odometerKm, watch.odometerKm);
      kept.engineHours = lower(kept.engineHours, watch.engineHours);
    }
    await this.meters.watchMany(clientId, watches);
  }

  /**
   * The effects of the state a status is in, once per cycle: its event (claimed on the status
   * with its time, then recorded — the sweep records a claimed one again, with the same id), and
   * for overdue with `autoCreate` the cycle's work order. The write that entered the state has
   * already marked the status `effectsPending` (effectsPendingOf); it is cleared here, last.
   */
  async applyEffects(plan: Stored<ServicePlan>, status: Stored<ServiceStatus>, assetName: string, now = new Date()): Promise<void> {
    if (status.state === 'ok') return;
    const scope = scopeOfClient(plan.clientId);
    const field = status.state === 'overdue' ? 'overdueEvent' : 'dueSoonEvent';
    let claim = status[field];
    if (!claim || claim.cycle !== status.cycle) {
      const claimed = { cycle: status.cycle, at: now, recorded: false };
      const result = await this.statuses.updateOne(
        scope,
        { _id: status._id, cycle: status.cycle, $or: [{ [field]: null }, { [`${field}.cycle`]: { $ne: status.cycle } }] },
        { $set: { [field]: claimed, effectsPending: true } },
      );
      if (result.modified === 0) return; // another instance claimed it: it records it
      claim = claimed;
    }
    if (!claim.recorded) {
      await this.events.record([
        {
          clientId: plan.clientId,
          assetId: status.assetId,
          assetName,
          type: status.state === 'overdue' ? 'maintenance.overdue' : 'maintenance.due_soon',
          occurredAt: claim.at,
          subject: `${plan._id.toHexString()}:${status.cycle}`,
          details: { planId: plan._id.toHexString(), planName: plan.name, cycle: status.cycle, next: status.next, dueBy: status.dueBy },
        },
      ]);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- a computed key makes an open record, which TenantQuery refuses without it
      await this.statuses.updateOne(scope, { _id: status._id, [`${field}.cycle`]: status.cycle } as TenantQuery<ServiceStatus>, {
        $set: { [`${field}.recorded`]: true },
      });
    }
    if (status.state === 'overdue' && plan.workOrder.autoCreate && !status.workOrderId) await this.openWorkOrder(plan, status, assetName);
    await this.statuses.updateOne(scope, { _id: status._id }, { $set: { effectsPending: false } });
  }

  private async openWorkOrder(plan: Stored<ServicePlan>, status: Stored<ServiceStatus>, assetName: string): Promise<void> {
    const scope = scopeOfClient(plan.clientId);
    const id = serviceWorkOrderId(plan._id, status.assetId, status.cycle);
    const next = [
      status.next.odometerKm !== null ? `${Math.round(status.next.odometerKm)} km` : null,
      status.next.engineHours !== null ? `${Math.round(status.next.engineHours)} h` : null,
      status.next.date,
    ]
      .filter(Boolean)
      .join(', ');
    try {
      await this.orders.create(scope, {
        _id: id,
        assetId: status.assetId,
        category: plan.workOrder.category ?? DEFAULT_SERVICE_CATEGORY,
        title: `Service due: ${plan.name}`.slice(0, 200),
        description: (plan.workOrder.description ?? `${plan.name} of ${assetName} is overdue (due at ${next})`).slice(0, 5000),
        priority: 'medium',
        status: 'open',
        servicePlanId: plan._id,
        serviceCycle: status.cycle,
        createdBy: plan.createdBy,
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    await this.statuses.updateOne(scope, { _id: status._id, cycle: status.cycle }, { $set: { workOrderId: id } });
  }

  /**
   * Statuses the calendar may have moved (ServiceStatusSweep finds them across clients):
   * recomputed in their client's time zone; unfinished effects finished.
   */
  async recomputeDue(due: readonly Stored<ServiceStatus>[], now: Date, lease: LeaseCheck = NOT_LEASED): Promise<void> {
    for (const statuses of groupBy(due, (status) => `${status.clientId}:${status.assetId}`).values()) {
      const { clientId, assetId } = statuses[0];
      const scope = scopeOfClient(clientId);
      const current = (await this.meters.ofAssets(scope, [assetId])).get(assetId.toHexString()) ?? NO_METERS;
      lease.assertHeld();
      await this.recomputeAsset(
        clientId,
        assetId,
        current,
        now,
        statuses.filter((status) => !status.effectsPending),
      );
      for (const status of statuses.filter((candidate) => candidate.effectsPending)) {
        const plan = await this.plans.findById(scope, status.planId.toHexString());
        if (plan) await this.applyEffects(plan, status, (await this.assets.findById(scope, assetId.toHexString()))?.name ?? '', now);
      }
    }
  }

  /** `count` numbers of the client's statuses, the first answered (one atomic increment: instances never share one). */
  private async allocate(clientId: Types.ObjectId, count: number): Promise<number> {
    const counter = await this.sequences
      .findOneAndUpdate({ _id: clientId }, { $inc: { next: count } }, { upsert: true, new: true })
      .lean()
      .exec();
    return counter.next - count;
  }

  /**
   * Newest first. Filtered: an indexed query, `_id` descending. Unfiltered: the client's numbered
   * statuses first, newest first — their ids are known from the client's count (`serviceStatusId`)
   * and looked up by `_id` going down from it (or from the cursor), in rounds doubling from a
   * page's worth, the caller's visibility checked on each (`findByIds`); after 4 096 ids without a
   * full page (removed statuses, a user who sees few assets) the indexed query over the numbered
   * range finishes the page — then any statuses from before the numbering (plain ObjectIds), by
   * the indexed query, `_id` descending.
   */
  async list(auth: AuthContext, query: ListServiceStatusQueryDto): Promise<Page<Stored<ServiceStatus>>> {
    const filter: TenantQuery<ServiceStatus> = {};
    if (query.state) filter.state = query.state;
    if (query.assetId) filter.assetId = new Types.ObjectId(query.assetId);
    if (query.planId) filter.planId = new Types.ObjectId(query.planId);
    if (query.state || query.assetId || query.planId) return this.statuses.list(auth, filter, { limit: query.limit, cursor: query.cursor });
    const prefix = statusIdPrefix(auth.clientId);
    const [lowest, highest] = [serviceStatusId(auth.clientId, 0, prefix), serviceStatusId(auth.clientId, MAX_STATUS_NUMBER, prefix)];
    const unnumbered = (cursor: string | undefined, limit: number) =>
      this.statuses.list(auth, { $or: [{ _id: { $lt: lowest } }, { _id: { $gt: highest } }] }, { limit, cursor });
    const after = query.cursor ? decodeCursor(query.cursor, '_id').id : null;
    const limit = pageSize(query.limit);
    let below = after
      ? serviceStatusNumber(auth.clientId, after, prefix)
      : ((await this.sequences.findById(auth.clientId, { next: 1 }).lean().exec())?.next ?? 0);
    if (below === null) return unnumbered(query.cursor, limit); // a cursor among the statuses from before the numbering
    const found: Array<Stored<ServiceStatus>> = [];
    let round = Math.min(limit + 1, MAX_IDS_PER_READ);
    let lookedUp = 0;
    while (found.length <= limit && below > 0) {
      if (lookedUp >= MAX_IDS_LOOKED_UP) {
        const cursor = encodeCursor({ _id: serviceStatusId(auth.clientId, below, prefix) }, '_id');
        const numbered = { _id: { $gte: lowest } } as TenantQuery<ServiceStatus>;
        if (found.length === limit) {
          const more = await this.statuses.list(auth, numbered, { limit: 1, cursor });
          if (more.items.length > 0) return { items: found, nextCursor: encodeCursor(found.at(-1) as unknown as Record<string, unknown>, '_id') };
          break;
        }
        const rest = await this.statuses.list(auth, numbered, { limit: limit - found.length, cursor });
        found.push(...rest.items);
        if (rest.nextCursor) return { items: found, nextCursor: rest.nextCursor };
        break; // the numbered statuses end here
      }
      const from = Math.max(0, below - round);
      const ids = Array.from({ length: below - from }, (_, k) => serviceStatusId(auth.clientId, below! - 1 - k, prefix).toHexString());
      const records = await this.statuses.findByIds(auth, ids);
      records.sort((a, b) => (a._id.toHexString() < b._id.toHexString() ? 1 : -1));
      found.push(...records);
      lookedUp += ids.length;
      below = from;
      round = Math.min(round * 2, MAX_IDS_PER_READ);
    }
    const cursorAt = (items: readonly Stored<ServiceStatus>[]) => encodeCursor(items.at(-1) as unknown as Record<string, unknown>, '_id');
    if (found.length > limit) return { items: found.slice(0, limit), nextCursor: cursorAt(found.slice(0, limit)) };
    // The numbered statuses are all listed: the page goes on with those from before the numbering.
    const older = await unnumbered(undefined, Math.max(limit - found.length, 1));
    if (found.length === limit) return { items: found, nextCursor: older.items.length > 0 ? cursorAt(found) : null };
    return { items: [...found, ...older.items], nextCursor: older.nextCursor };
  }

  /** A page as answered: what is left computed from the assets' meters now and the client's today. */
  async views(auth: AuthContext, page: readonly Stored<ServiceStatus>[], now = new Date()): Promise<ServiceStatusView[]> {
    const meters = await this.meters.ofAssets(auth, [...new Map(page.map((status) => [status.assetId.toHexString(), status.assetId])).values()]);
    const today = dayIn(now, auth.client.timeZone);
    return page.map((status) => {
      const current = meters.get(status.assetId.toHexString()) ?? NO_METERS;
      return {
        assetId: status.assetId.toHexString(),
        planId: status.planId.toHexString(),
        state: status.state,
        next: { odometerKm: status.next.odometerKm, engineHours: status.next.engineHours, date: status.next.date },
        remaining: remainingOf(status.next, current, today),
        dueBy: status.dueBy,
        lastService: status.lastService && {
          id: status.lastService.id.toHexString(),
          doneAt: new Date(status.lastService.doneAt).toISOString(),
          odometerKm: status.lastService.odometerKm,
          engineHours: status.lastService.engineHours,
        },
        workOrderId: status.workOrderId?.toHexString() ?? null,
        cycle: status.cycle,
      };
    });
  }
}
