import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import type { Stored } from '@app/database';
import type { WorkOrder } from '../schemas/work-order.schema';

export type WorkOrderCompletedListener = (auth: AuthContext, order: Stored<WorkOrder>) => Promise<void>;

/** Told when a work order moves to `done` (in the request that moved it): the service plans record their service. */
@Injectable()
export class WorkOrderCompleted {
  private readonly listeners = new Set<WorkOrderCompletedListener>();

  subscribe(listener: WorkOrderCompletedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publish(auth: AuthContext, order: Stored<WorkOrder>): Promise<void> {
    for (const listener of this.listeners) await listener(auth, order);
  }
}
