import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository, type TenantScope } from '@app/database';
import { DomainException, ErrorCode, notFound } from '@app/errors';
import { WorkOrderCategorySet } from '../schemas/work-order-category-set.schema';
import { WorkOrder } from '../schemas/work-order.schema';
import { OPEN_WORK } from '../work-orders/work-order-transitions';
import { RemovedWorkOrderCategoryView, WorkOrderCategoryView } from './work-order-category.view';

/** Every client has these; a client may add its own. */
export const DEFAULT_WORK_ORDER_CATEGORIES: readonly string[] = [
  'preventive',
  'corrective',
  'inspection',
  'tires',
  'brakes',
  'engine',
  'electrical',
  'bodywork',
  'refrigeration',
  'cleaning',
];

const key = (name: string) => name.trim().toLowerCase();

/** Work order categories: the defaults followed by the client's own, without repeats (case-insensitive). */
@Injectable()
export class WorkOrderCategoriesService {
  constructor(
    @InjectRepository(WorkOrderCategorySet) private readonly sets: TenantRepository<WorkOrderCategorySet>,
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    private readonly activity: ActivityRecorder,
  ) {}

  async list(scope: TenantScope): Promise<string[]> {
    const set = await this.sets.findOne(scope, {});
    const names = [...DEFAULT_WORK_ORDER_CATEGORIES];
    const seen = new Set(names.map(key));
    for (const name of set?.names ?? []) {
      if (!seen.has(key(name))) names.push(name);
      seen.add(key(name));
    }
    return names;
  }

  /** The category as listed, for a name in any case; undefined when it is not a category. */
  async resolve(scope: TenantScope, name: string): Promise<string | undefined> {
    return (await this.list(scope)).find((category) => key(category) === key(name));
  }

  /** Adds categories of the client (idempotent). */
  async extend(scope: TenantScope, names: readonly string[]): Promise<void> {
    const clean = names.map((name) => name.trim()).filter((name) => name.length > 0 && name.length <= 100);
    await this.sets.updateOne(scope, {}, { $addToSet: { names: { $each: clean } } }, { upsert: true });
  }

  /** Adds one category of the client; a name already listed (any case, defaults included) is a 409. */
  async add(auth: AuthContext, name: string): Promise<WorkOrderCategoryView> {
    const existing = await this.resolve(auth, name);
    if (existing) throw new DomainException(ErrorCode.Conflict, `"${existing}" is already a work order category`);
    await this.extend(auth, [name]);
    await this.activity.created(auth, { type: 'work_order_category', id: name }, `Work order category "${name}" added`, { name });
    return { name };
  }

  /**
   * Removes a category the client added, unless an open or in-progress order uses it (409); the
   * defaults stay (409). Done and cancelled orders keep the name they were filed under.
   */
  async remove(auth: AuthContext, name: string): Promise<RemovedWorkOrderCategoryView> {
    const listed = await this.resolve(auth, name);
    if (!listed) throw notFound('Work order category');
    if (DEFAULT_WORK_ORDER_CATEGORIES.some((category) => key(category) === key(listed))) {
      throw new DomainException(ErrorCode.Conflict, `"${listed}" is a default category and cannot be removed`);
    }
    if (await this.orders.exists(auth, { category: listed, status: { $in: [...OPEN_WORK] } })) {
      throw new DomainException(ErrorCode.Conflict, `"${listed}" is used by open work orders: finish or cancel them first`);
    }
    const set = await this.sets.findOne(auth, {});
    const stored = (set?.names ?? []).filter((stored) => key(stored) === key(listed));
    await this.sets.updateOne(auth, {}, { $pull: { names: { $in: stored } } });
    await this.activity.deleted(auth, { type: 'work_order_category', id: listed }, `Work order category "${listed}" removed`, { name: listed });
    return { id: listed };
  }
}
