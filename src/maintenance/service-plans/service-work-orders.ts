import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { InjectRepository, isDuplicateKeyError, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { ServicePlan } from '../schemas/service-plan.schema';
import { ServiceStatus } from '../schemas/service-status.schema';
import { WorkOrder } from '../schemas/work-order.schema';

export const DEFAULT_SERVICE_CATEGORY = 'preventive';

/** The work order a plan opens for an asset in a cycle: its id is derived from the three, so there is one whatever the instances or restarts. */
export function serviceWorkOrderId(planId: Types.ObjectId, assetId: Types.ObjectId, cycle: number): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`service-work-order|${planId}|${assetId}|${cycle}`).digest().subarray(0, 12));
}

/** The thresholds a status is due at, as a work order tells them (`12000 km, 400 h, 2026-05-01`). */
const dueAtOf = (next: ServiceStatus['next']) =>
  [next.odometerKm !== null ? `${Math.round(next.odometerKm)} km` : null, next.engineHours !== null ? `${Math.round(next.engineHours)} h` : null, next.date]
    .filter(Boolean)
    .join(', ');

/** The work order an overdue status opens when its plan says `autoCreate`: one per cycle, noted on the status. */
@Injectable()
export class ServiceWorkOrders {
  constructor(
    @InjectRepository(ServiceStatus) private readonly statuses: TenantRepository<ServiceStatus>,
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
  ) {}

  async open(plan: Stored<ServicePlan>, status: Stored<ServiceStatus>, assetName: string): Promise<void> {
    const scope = scopeOfClient(plan.clientId);
    const id = serviceWorkOrderId(plan._id, status.assetId, status.cycle);
    try {
      await this.orders.create(scope, {
        _id: id,
        assetId: status.assetId,
        category: plan.workOrder.category ?? DEFAULT_SERVICE_CATEGORY,
        title: `Service due: ${plan.name}`.slice(0, 200),
        description: (plan.workOrder.description ?? `${plan.name} of ${assetName} is overdue (due at ${dueAtOf(status.next)})`).slice(0, 5000),
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
}
