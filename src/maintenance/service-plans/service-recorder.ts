import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { OnDomainEvent } from '@app/bus';
import { InjectRepository, isDuplicateKeyError, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { MetersService } from '../../meters';
import { ServicePlan } from '../schemas/service-plan.schema';
import { ServiceRecord } from '../schemas/service-record.schema';
import { type CompletedWorkOrder, WORK_ORDER_COMPLETED } from '../work-orders/work-order-completed';
import { ServiceStatusService } from './service-status.service';

/** A service done under a plan, as it is stored: the meters where none are given are the asset's now. */
export interface ServiceDone {
  doneAt: Date;
  odometerKm?: number;
  engineHours?: number;
  workOrderId: Types.ObjectId | null;
  /** Set when the service may be told twice (a completed work order): one record whatever the repeats. */
  id?: Types.ObjectId;
}

/**
 * Stores service records — by hand (ServicePlansService) or when a work order a plan opened is
 * completed — and starts the status's next cycle from each.
 */
@Injectable()
export class ServiceRecorder {
  constructor(
    @InjectRepository(ServicePlan) private readonly plans: TenantRepository<ServicePlan>,
    @InjectRepository(ServiceRecord) private readonly records: TenantRepository<ServiceRecord>,
    private readonly status: ServiceStatusService,
    private readonly meters: MetersService,
  ) {}

  async store(auth: AuthContext, plan: Stored<ServicePlan>, assetId: Types.ObjectId, input: ServiceDone): Promise<Stored<ServiceRecord>> {
    const meters = (await this.meters.ofAssets(scopeOfClient(plan.clientId), [assetId])).get(assetId.toHexString());
    const data = {
      _id: input.id ?? new Types.ObjectId(),
      assetId,
      planId: plan._id,
      doneAt: input.doneAt,
      odometerKm: input.odometerKm ?? meters?.odometerKm ?? 0,
      engineHours: input.engineHours ?? meters?.engineHours ?? 0,
      workOrderId: input.workOrderId,
      createdBy: auth.userId,
    };
    let record: Stored<ServiceRecord>;
    try {
      record = await this.records.create(scopeOfClient(plan.clientId), data);
    } catch (error) {
      if (!isDuplicateKeyError(error) || !input.id) throw error;
      // The order completed again: one service. The status is told again, in case the first time
      // stopped between the record and the status (an older or equal service changes nothing).
      record = (await this.records.findById(scopeOfClient(plan.clientId), input.id.toHexString()))!;
    }
    await this.status.serviceRecorded(plan, assetId, { id: record._id, doneAt: record.doneAt, odometerKm: record.odometerKm, engineHours: record.engineHours });
    return record;
  }

  /** A work order a plan opened, completed: the service recorded at the asset's meters now (once per order). */
  @OnDomainEvent(WORK_ORDER_COMPLETED)
  async workOrderCompleted({ auth, order }: CompletedWorkOrder): Promise<void> {
    if (!order.servicePlanId) return;
    const plan = await this.plans.findById(scopeOfClient(order.clientId), order.servicePlanId.toHexString());
    if (!plan) return;
    await this.store(auth, plan, order.assetId, {
      doneAt: new Date(),
      workOrderId: order._id,
      id: new Types.ObjectId(createHash('sha256').update(`service-of-order|${order._id}`).digest().subarray(0, 12)),
    });
  }
}
