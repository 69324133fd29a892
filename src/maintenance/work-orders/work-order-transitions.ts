import type { WorkOrderStatus } from '../schemas/work-order.schema';

/**
 * The statuses a work order may move to from each status: open → in_progress → done, open or
 * in_progress → cancelled, done → open (a reopening, with a reason). Anything else is a 409.
 */
export const WORK_ORDER_TRANSITIONS: Readonly<Record<WorkOrderStatus, readonly WorkOrderStatus[]>> = {
  open: ['in_progress', 'cancelled'],
  in_progress: ['done', 'cancelled'],
  done: ['open'],
  cancelled: [],
};

export function canMove(from: WorkOrderStatus, to: WorkOrderStatus): boolean {
  return WORK_ORDER_TRANSITIONS[from].includes(to);
}

/** Reopening a finished order must say why. */
export function needsNote(from: WorkOrderStatus, to: WorkOrderStatus): boolean {
  return from === 'done' && to === 'open';
}

/** Statuses in which an order still counts as open work (a category in use, the default list). */
export const OPEN_WORK: readonly WorkOrderStatus[] = ['open', 'in_progress'];
