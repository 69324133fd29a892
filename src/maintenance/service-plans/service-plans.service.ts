import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode, FieldError, validationFailed } from '@app/errors';
import { AssetDirectory, AssetTargetsChecker, changedAssetTargets, newAssetTargets } from '@app/fleet';
import { WorkOrderCategoriesService } from '../categories/work-order-categories.service';
import { CreateServicePlanDto, CreateServiceRecordDto, ServicePlanView, ServiceRecordView, UpdateServicePlanDto } from '../dto/service-plan.dto';
import { ServiceIntervals, ServicePlan } from '../schemas/service-plan.schema';
import { ServiceRecord } from '../schemas/service-record.schema';
import { WorkOrder } from '../schemas/work-order.schema';
import { intervalsOf, toServicePlanView, toServiceRecordView } from './service-plan.views';
import { ServiceRecorder } from './service-recorder';
import { ServiceStatusService } from './service-status.service';
import { SERVICE_INTERVALS } from './status-rules';

/** Plans per client, at most. */
export const MAX_SERVICE_PLANS = 200;

/** Service plans (CRUD) and the services recorded under them by hand. */
@Injectable()
export class ServicePlansService {
  constructor(
    @InjectRepository(ServicePlan) private readonly plans: TenantRepository<ServicePlan>,
    @InjectRepository(ServiceRecord) private readonly records: TenantRepository<ServiceRecord>,
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    private readonly directory: AssetDirectory,
    private readonly targets: AssetTargetsChecker,
    private readonly categories: WorkOrderCategoriesService,
    private readonly status: ServiceStatusService,
    private readonly recorder: ServiceRecorder,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, body: CreateServicePlanDto): Promise<ServicePlanView> {
    const intervals = intervalsOf(body.intervals);
    const dueSoon = intervalsOf(body.dueSoon);
    await this.check(auth, { intervals, dueSoon, assetIds: body.assetIds ?? [], groupIds: body.groupIds ?? [], category: body.workOrder?.category });
    if ((await this.plans.count(auth, {})) >= MAX_SERVICE_PLANS)
      throw new DomainException(ErrorCode.Conflict, `A client has at most ${MAX_SERVICE_PLANS} service plans`);
    const category = body.workOrder?.category ? await this.categories.resolve(auth, body.workOrder.category) : null;
    const plan = await this.plans.create(auth, {
      name: body.name,
      ...newAssetTargets(body, { allAssets: false }),
      intervals,
      dueSoon,
      workOrder: { autoCreate: body.workOrder?.autoCreate ?? true, category: category ?? null, description: body.workOrder?.description ?? null },
      createdBy: auth.userId,
    });
    await this.status.syncPlan(plan);
    const view = toServicePlanView(plan);
    await this.activity.created(auth, { type: 'service_plan', id: plan._id }, `Service plan "${plan.name}" created`, view);
    return view;
  }

  async list(auth: AuthContext, page: { limit?: number; cursor?: string }): Promise<Page<Stored<ServicePlan>>> {
    return this.plans.list(auth, {}, page);
  }

  async get(auth: AuthContext, id: string): Promise<ServicePlanView> {
    return toServicePlanView(await this.plans.findByIdOrFail(auth, id, 'Service plan'));
  }

  /**
   * An edit recomputes every status of the plan from its cycle's start with the new intervals —
   * no new cycle: an asset overdue that the edit makes ok is ok, one still overdue gets no second
   * event or work order, and one that leaves overdue and comes back within the cycle neither.
   */
  async update(auth: AuthContext, id: string, body: UpdateServicePlanDto): Promise<ServicePlanView> {
    const plan = await this.plans.findByIdOrFail(auth, id, 'Service plan');
    if (Object.keys(body).length === 0)
      throw badRequest('Nothing to change: send at least one of name, allAssets, assetIds, groupIds, intervals, dueSoon, workOrder');
    const intervals = body.intervals ? intervalsOf(body.intervals) : plan.intervals;
    const dueSoon = body.dueSoon ? intervalsOf(body.dueSoon) : plan.dueSoon;
    await this.check(auth, { intervals, dueSoon, assetIds: body.assetIds ?? [], groupIds: body.groupIds ?? [], category: body.workOrder?.category });
    const $set: Record<string, unknown> = {};
    if (body.name !== undefined) $set.name = body.name;
    Object.assign($set, changedAssetTargets(body));
    if (body.intervals) $set.intervals = intervals;
    if (body.dueSoon) $set.dueSoon = dueSoon;
    if (body.workOrder) {
      const category = body.workOrder.category
        ? await this.categories.resolve(auth, body.workOrder.category)
        : body.workOrder.category === null
          ? null
          : plan.workOrder.category;
      $set.workOrder = {
        autoCreate: body.workOrder.autoCreate ?? plan.workOrder.autoCreate,
        category: category ?? null,
        description: body.workOrder.description !== undefined ? body.workOrder.description : plan.workOrder.description,
      };
    }
    const updated = await this.plans.updateRecord(auth, plan, { $set });
    if (!updated) throw new DomainException(ErrorCode.Conflict, 'The service plan was changed meanwhile: read it again and repeat the change');
    await this.status.syncPlan(updated);
    const view = toServicePlanView(updated);
    await this.activity.updated(auth, { type: 'service_plan', id: plan._id }, `Service plan "${updated.name}" edited`, toServicePlanView(plan), view);
    return view;
  }

  /** Removes the plan and its statuses; its service records and the work orders it opened stay. */
  async remove(auth: AuthContext, id: string): Promise<{ id: string }> {
    const plan = await this.plans.findByIdOrFail(auth, id, 'Service plan');
    await this.plans.deleteRecords(auth, [plan]);
    await this.status.dropPlan(scopeOfClient(auth.clientId), plan._id);
    await this.activity.deleted(auth, { type: 'service_plan', id: plan._id }, `Service plan "${plan.name}" deleted`, toServicePlanView(plan));
    return { id: plan._id.toHexString() };
  }

  /** A service done under the plan: at the meters given, else the asset's meters now; it starts the next cycle. */
  async addService(auth: AuthContext, planId: string, body: CreateServiceRecordDto): Promise<ServiceRecordView> {
    const plan = await this.plans.findByIdOrFail(auth, planId, 'Service plan');
    const asset = await this.directory.findAssetInService(auth, body.assetId);
    const errors: FieldError[] = [];
    if (!asset) errors.push({ path: 'assetId', message: `No asset ${body.assetId} among your assets` });
    else if (!(await this.status.applies(plan, asset._id))) {
      errors.push({ path: 'assetId', message: `The plan "${plan.name}" does not apply to ${asset.name}` });
    }
    const doneAt = new Date(body.doneAt);
    if (doneAt.getTime() > Date.now() + 5 * 60_000) errors.push({ path: 'doneAt', message: 'doneAt is in the future' });
    let workOrderId: Types.ObjectId | null = null;
    if (body.workOrderId && asset) {
      const order = await this.orders.findById(auth, body.workOrderId);
      if (!order || !order.assetId.equals(asset._id)) errors.push({ path: 'workOrderId', message: `No work order ${body.workOrderId} of this asset` });
      else workOrderId = order._id;
    }
    if (errors.length > 0) throw validationFailed(errors);
    const record = await this.recorder.store(auth, plan, asset!._id, { doneAt, odometerKm: body.odometerKm, engineHours: body.engineHours, workOrderId });
    await this.activity.created(
      auth,
      { type: 'service_record', id: record._id },
      `Service "${plan.name}" recorded for ${asset!.name}`,
      toServiceRecordView(record),
    );
    return toServiceRecordView(record);
  }

  async listServices(auth: AuthContext, planId: string, page: { limit?: number; cursor?: string }): Promise<Page<Stored<ServiceRecord>>> {
    const plan = await this.plans.findByIdOrFail(auth, planId, 'Service plan');
    return this.records.list(auth, { planId: plan._id }, page);
  }

  private async check(
    auth: AuthContext,
    input: { intervals: ServiceIntervals; dueSoon: ServiceIntervals; assetIds: readonly string[]; groupIds: readonly string[]; category?: string | null },
  ): Promise<void> {
    const errors: FieldError[] = [];
    if (SERVICE_INTERVALS.every((interval) => input.intervals[interval] == null))
      errors.push({ path: 'intervals', message: 'Set at least one of km, engineHours, days' });
    for (const interval of SERVICE_INTERVALS) {
      const soon = input.dueSoon[interval];
      if (soon == null) continue;
      const length = input.intervals[interval];
      if (length == null) errors.push({ path: `dueSoon.${interval}`, message: `dueSoon.${interval} needs intervals.${interval}` });
      else if (soon >= length) errors.push({ path: `dueSoon.${interval}`, message: `dueSoon.${interval} must be less than intervals.${interval} (${length})` });
    }
    if (input.category && !(await this.categories.resolve(auth, input.category)))
      errors.push({
        path: 'workOrder.category',
        message: `"${input.category}" is not a work order category (see GET /api/maintenance/work-orders/categories)`,
      });
    errors.push(...(await this.targets.problems(auth, input)));
    if (errors.length > 0) throw validationFailed(errors);
  }
}
