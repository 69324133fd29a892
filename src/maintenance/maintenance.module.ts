import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { AssetOwnedDataModule } from '@app/fleet';
import { EventsModule } from '../events';
import { FormsModule } from '../forms';
import { UploadsModule } from '../uploads';
import { WorkOrderCategoriesService } from './categories/work-order-categories.service';
import { MaintenanceController } from './maintenance.controller';
import { WorkOrderCategorySet, WorkOrderCategorySetSchema } from './schemas/work-order-category-set.schema';
import { WorkOrder, WorkOrderSchema } from './schemas/work-order.schema';
import { InspectionWorkOrdersService } from './work-orders/inspection-work-orders.service';
import { OverdueWorkOrdersSweep } from './work-orders/overdue-work-orders.sweep';
import { UnconfirmedInspectionOrders } from './work-orders/unconfirmed-inspection-orders';
import { WorkOrderLifecycleService } from './work-orders/work-order-lifecycle.service';
import { WorkOrderListService } from './work-orders/work-order-list.service';
import { WorkOrdersService } from './work-orders/work-orders.service';

const workOrderData = AssetOwnedDataModule.forFeature([{ name: WorkOrder.name, schema: WorkOrderSchema }]);
const categoryData = TenantDataModule.forFeature([{ name: WorkOrderCategorySet.name, schema: WorkOrderCategorySetSchema }]);

/** Maintenance work orders and their categories (`/api/maintenance/work-orders`). */
@Module({
  imports: [
    FormsModule,
    UploadsModule,
    EventsModule,
    workOrderData,
    categoryData,
  ],
  controllers: [MaintenanceController],
  providers: [OverdueWorkOrdersSweep, WorkOrdersService, WorkOrderCategoriesService, WorkOrderListService, WorkOrderLifecycleService, InspectionWorkOrdersService, UnconfirmedInspectionOrders],
  exports: [workOrderData, categoryData, WorkOrderCategoriesService, InspectionWorkOrdersService, UnconfirmedInspectionOrders, WorkOrdersService, WorkOrderLifecycleService],
})
export class MaintenanceModule {}
