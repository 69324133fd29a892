import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
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
  constructor(@InjectModel(WorkOrderCategorySet.name) private readonly sets: Model<WorkOrderCategorySet>) {}

  async list(clientId: Types.ObjectId): Promise<string[]> {
    const set = await this.sets.findOne({ clientId }).lean().exec();
    const names = [...DEFAULT_WORK_ORDER_CATEGORIES];
    const seen = new Set(names.map(key));
    for (const name of set?.names ?? []) {
      if (!seen.has(key(name))) names.push(name);
      seen.add(key(name));
    }
    return names;
  }

  /** The category as listed, for a name in any case; undefined when it is not a category. */
  async resolve(clientId: Types.ObjectId, name: string): Promise<string | undefined> {
    return (await this.list(clientId)).find((category) => key(category) === key(name));
  }

  /** Adds categories of the client (idempotent). */
  async extend(clientId: Types.ObjectId, names: readonly string[]): Promise<void> {
    const clean = names.map((name) => name.trim()).filter((name) => name.length > 0 && name.length <= 100);
    await this.sets.updateOne({ clientId }, { $addToSet: { names: { $each: clean } } }, { upsert: true }).exec();
  }
}
