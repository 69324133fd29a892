import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { FormsModule } from '../forms/forms.module';
import { WorkOrderCategoriesService } from './categories/work-order-categories.service';
import { MaintenanceController } from './maintenance.controller';
import { MaintenanceDemoSeeder } from './maintenance.seeder';
import { WorkOrderCategorySet, WorkOrderCategorySetSchema } from './schemas/work-order-category-set.schema';
import { WorkOrder, WorkOrderSchema } from './schemas/work-order.schema';
import { WorkOrdersService } from './work-orders/work-orders.service';

/** Maintenance work orders and their categories (`/api/maintenance/work-orders`). */
@Module({
  imports: [
    FormsModule,
    MongooseModule.forFeature([
      { name: WorkOrder.name, schema: WorkOrderSchema },
      { name: WorkOrderCategorySet.name, schema: WorkOrderCategorySetSchema },
    ]),
  ],
  controllers: [MaintenanceController],
  providers: [WorkOrdersService, WorkOrderCategoriesService, MaintenanceDemoSeeder],
})
export class MaintenanceModule {}
