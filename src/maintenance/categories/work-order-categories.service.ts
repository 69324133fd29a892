import { Injectable } from '@nestjs/common';
import { InjectRepository, TenantRepository, type TenantScope } from '@app/database';
import { WorkOrderCategorySet } from '../schemas/work-order-category-set.schema';

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
  constructor(@InjectRepository(WorkOrderCategorySet) private readonly sets: TenantRepository<WorkOrderCategorySet>) {}

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
}
