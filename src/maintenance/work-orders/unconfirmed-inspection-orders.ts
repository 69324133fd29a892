import { Injectable } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { InjectRepository, InjectUnscopedModel, scopeOfClient, TenantRepository } from '@app/database';
import { WorkOrder } from '../schemas/work-order.schema';
import { INSPECTION_CATEGORY } from './inspection-work-orders.service';

/** An `inspection` work order nobody has worked on: a candidate orphan of a crashed submission. */
export interface UntouchedInspectionOrder {
  _id: Types.ObjectId;
  clientId: Types.ObjectId;
  inspectionId: Types.ObjectId;
  /** The version read: the removal applies only if the order is still this one. */
  updatedAt: Date;
}

// Never transitioned, never given a form: the order as `openForInspection` wrote it.
const UNTOUCHED = { category: INSPECTION_CATEGORY, status: 'open', history: { $size: 0 }, forms: { $size: 0 } };

/**
 * The read and the removal the inspections domain's boot sweep needs (a submission killed between
 * its work order and its inspection leaves the order alone: docs/architecture.md, "What each write
 * path guarantees on a crash"). Which inspections exist is the inspections domain's to say.
 */
@Injectable()
export class UnconfirmedInspectionOrders {
  constructor(
    // The sweep looks at every client's orders at boot: the one unscoped read of this domain.
    @InjectUnscopedModel(WorkOrder) private readonly allClientsOrders: Model<WorkOrder>,
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
  ) {}

  /** Untouched `inspection` orders created before `createdBefore`, never edited since. */
  async untouchedBefore(createdBefore: Date): Promise<UntouchedInspectionOrder[]> {
    const found = await this.allClientsOrders
      .find({ ...UNTOUCHED, createdAt: { $lt: createdBefore } }, { clientId: 1, 'inspection.inspectionId': 1, createdAt: 1, updatedAt: 1 })
      .lean<Array<{ _id: Types.ObjectId; clientId: Types.ObjectId; inspection?: { inspectionId: Types.ObjectId }; createdAt: Date; updatedAt: Date }>>()
      .exec();
    // An edit (title, priority, assignee...) moves `updatedAt`: such an order is someone's work.
    return found
      .filter((order) => order.inspection?.inspectionId && order.updatedAt.getTime() === order.createdAt.getTime())
      .map((order) => ({ _id: order._id, clientId: order.clientId, inspectionId: order.inspection!.inspectionId, updatedAt: order.updatedAt }));
  }

  /** Removes the order if it is still untouched (same `updatedAt` as read); true if it was. */
  async removeIfUntouched(order: UntouchedInspectionOrder): Promise<boolean> {
    const filter = { ...UNTOUCHED, _id: order._id, 'inspection.inspectionId': order.inspectionId, updatedAt: order.updatedAt };
    return (await this.orders.deleteMany(scopeOfClient(order.clientId), filter)) > 0;
  }
}
