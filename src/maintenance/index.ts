// The public surface of the maintenance domain.
export { MaintenanceModule } from './maintenance.module';
export { WorkOrderCategoriesService, DEFAULT_WORK_ORDER_CATEGORIES } from './categories/work-order-categories.service';
export { buildFormEntry } from './work-orders/work-order-form-entry';
export { WorkOrder } from './schemas/work-order.schema';
export { WorkOrdersService } from './work-orders/work-orders.service';
export { WorkOrderLifecycleService } from './work-orders/work-order-lifecycle.service';
export { InspectionWorkOrdersService, type InspectionFinding, type OpenedWorkOrder } from './work-orders/inspection-work-orders.service';
export { UnconfirmedInspectionOrders, type UntouchedInspectionOrder } from './work-orders/unconfirmed-inspection-orders';
export { ServicePlansService } from './service-plans/service-plans.service';
export { toServicePlanView } from './service-plans/service-plan.views';
export { ServiceStatusService } from './service-plans/service-status.service';
export { serviceWorkOrderId } from './service-plans/service-work-orders';
export { ServiceStatusSweep } from './service-plans/service-status.sweep';
export { ServicePlan } from './schemas/service-plan.schema';
export { ServiceStatus } from './schemas/service-status.schema';
