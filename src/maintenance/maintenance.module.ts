import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { AssetOwnedDataModule } from '@app/fleet';
import { EventsModule } from '../events';
import { MetersModule } from '../meters';
import { FormsModule } from '../forms';
import { UploadsModule } from '../uploads';
import { WorkOrderCategoriesService } from './categories/work-order-categories.service';
import { MaintenanceController } from './maintenance.controller';
import { ServicePlan, ServicePlanSchema } from './schemas/service-plan.schema';
import { ServiceRecord, ServiceRecordSchema } from './schemas/service-record.schema';
import { ServiceStatus, ServiceStatusSchema } from './schemas/service-status.schema';
import { ServiceStatusSequence, ServiceStatusSequenceSchema } from './schemas/service-status-sequence.schema';
import { ServicePlansController } from './service-plans.controller';
import { ServiceMeterWatch } from './service-plans/service-meter-watch';
import { ServicePlansService } from './service-plans/service-plans.service';
import { ServiceRecorder } from './service-plans/service-recorder';
import { ServiceStateEffects } from './service-plans/service-state-effects';
import { ServiceStatusList } from './service-plans/service-status-list';
import { ServiceStatusNumbers } from './service-plans/service-status-numbers';
import { ServiceStatusRecompute } from './service-plans/service-status-recompute';
import { ServiceStatusService } from './service-plans/service-status.service';
import { ServiceStatusSweep } from './service-plans/service-status.sweep';
import { ServiceWorkOrders } from './service-plans/service-work-orders';
import { WorkOrderCategorySet, WorkOrderCategorySetSchema } from './schemas/work-order-category-set.schema';
import { WorkOrder, WorkOrderSchema } from './schemas/work-order.schema';
import { InspectionWorkOrdersService } from './work-orders/inspection-work-orders.service';
import { OverdueWorkOrdersSweep } from './work-orders/overdue-work-orders.sweep';
import { UnconfirmedInspectionOrders } from './work-orders/unconfirmed-inspection-orders';
import { WorkOrderLifecycleService } from './work-orders/work-order-lifecycle.service';
import { WorkOrderListService } from './work-orders/work-order-list.service';
import { WorkOrdersService } from './work-orders/work-orders.service';

const workOrderData = AssetOwnedDataModule.forFeature([
  { name: WorkOrder.name, schema: WorkOrderSchema },
  { name: ServiceRecord.name, schema: ServiceRecordSchema },
  { name: ServiceStatus.name, schema: ServiceStatusSchema },
]);
const categoryData = TenantDataModule.forFeature([
  { name: WorkOrderCategorySet.name, schema: WorkOrderCategorySetSchema },
  { name: ServicePlan.name, schema: ServicePlanSchema },
]);
// Keyed by the client's id: the count its statuses' ids are numbered from.
const statusSequences = MongooseModule.forFeature([{ name: ServiceStatusSequence.name, schema: ServiceStatusSequenceSchema }]);

/** Maintenance work orders and their categories (`/api/maintenance/work-orders`), service plans, their records and status (`/api/maintenance/service-plans`, `/api/maintenance/service-status`). */
@Module({
  imports: [FormsModule, UploadsModule, EventsModule, MetersModule, workOrderData, categoryData, statusSequences],
  controllers: [MaintenanceController, ServicePlansController],
  providers: [
    ServicePlansService,
    ServiceRecorder,
    ServiceStatusService,
    ServiceStatusNumbers,
    ServiceStatusList,
    ServiceStatusRecompute,
    ServiceStateEffects,
    ServiceWorkOrders,
    ServiceMeterWatch,
    ServiceStatusSweep,
    OverdueWorkOrdersSweep,
    WorkOrdersService,
    WorkOrderCategoriesService,
    WorkOrderListService,
    WorkOrderLifecycleService,
    InspectionWorkOrdersService,
    UnconfirmedInspectionOrders,
  ],
  exports: [
    workOrderData,
    categoryData,
    ServiceStatusService,
    ServicePlansService,
    WorkOrderCategoriesService,
    InspectionWorkOrdersService,
    UnconfirmedInspectionOrders,
    WorkOrdersService,
    WorkOrderLifecycleService,
  ],
})
export class MaintenanceModule {}
