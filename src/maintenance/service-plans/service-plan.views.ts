import { Stored } from '@app/database';
import { IntervalsDto, ServicePlanView, ServiceRecordView } from '../dto/service-plan.dto';
import { ServiceIntervals, ServicePlan } from '../schemas/service-plan.schema';
import { ServiceRecord } from '../schemas/service-record.schema';

/** Intervals as stored and answered: each one set or null. */
export const intervalsOf = (dto: IntervalsDto | undefined): ServiceIntervals => ({
  km: dto?.km ?? null,
  engineHours: dto?.engineHours ?? null,
  days: dto?.days ?? null,
});

export const toServicePlanView = (plan: Stored<ServicePlan>): ServicePlanView => ({
  id: plan._id.toHexString(),
  name: plan.name,
  allAssets: plan.allAssets,
  assetIds: plan.assetIds.map(String),
  groupIds: plan.groupIds.map(String),
  intervals: intervalsOf(plan.intervals),
  dueSoon: intervalsOf(plan.dueSoon),
  workOrder: { autoCreate: plan.workOrder.autoCreate, category: plan.workOrder.category ?? null, description: plan.workOrder.description ?? null },
  createdBy: plan.createdBy.toHexString(),
  createdAt: plan.createdAt.toISOString(),
  updatedAt: plan.updatedAt.toISOString(),
});

export const toServiceRecordView = (record: Stored<ServiceRecord>): ServiceRecordView => ({
  id: record._id.toHexString(),
  planId: record.planId.toHexString(),
  assetId: record.assetId.toHexString(),
  doneAt: record.doneAt.toISOString(),
  odometerKm: record.odometerKm,
  engineHours: record.engineHours,
  workOrderId: record.workOrderId?.toHexString() ?? null,
  createdBy: record.createdBy.toHexString(),
  createdAt: record.createdAt.toISOString(),
});
