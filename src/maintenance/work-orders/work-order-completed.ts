import { Topic } from '@app/bus';
import type { AuthContext } from '@app/auth';
import type { Stored } from '@app/database';
import type { WorkOrder } from '../schemas/work-order.schema';

/** A work order moved to `done`, by the caller of the request that moved it. */
export interface CompletedWorkOrder {
  auth: AuthContext;
  order: Stored<WorkOrder>;
}

/** Told in the request that moves a work order to `done`, in turn: the service plans record their service. */
export const WORK_ORDER_COMPLETED = new Topic<CompletedWorkOrder>('maintenance.work-order-completed');
