import { Injectable } from '@nestjs/common';
import { InjectRepository, scopeOfClient, Stored, TenantQuery, TenantRepository } from '@app/database';
import { FleetEvents } from '../../events';
import { ServicePlan } from '../schemas/service-plan.schema';
import { ServiceStatus } from '../schemas/service-status.schema';
import { ServiceWorkOrders } from './service-work-orders';
import { ClaimedEvent, ServiceState } from './status-rules';

type EventField = 'overdueEvent' | 'dueSoonEvent';

/**
 * What a state write sets beside the state so that its effects cannot be lost: entering due_soon
 * or overdue (from another state, or in a new cycle: `before` undefined) marks the status
 * `effectsPending` in the same write, which the sweep finishes should the process die before
 * `ServiceStateEffects.apply` does. A separate claim after the write left the state entered and
 * its event never recorded when the process died in between.
 */
export function effectsPendingOf(state: ServiceState, before?: ServiceState): { effectsPending?: true } {
  return state !== 'ok' && state !== before ? { effectsPending: true } : {};
}

/**
 * The effects of the state a status is in, once per cycle: entering due_soon or overdue records
 * its fleet event (a claim on the status, then the event with the claimed time: a repeat has the
 * same id); overdue with `autoCreate` opens the cycle's work order.
 */
@Injectable()
export class ServiceStateEffects {
  constructor(
    @InjectRepository(ServiceStatus) private readonly statuses: TenantRepository<ServiceStatus>,
    private readonly events: FleetEvents,
    private readonly workOrders: ServiceWorkOrders,
  ) {}

  /**
   * The event is claimed on the status with its time, then recorded (the sweep records a claimed
   * one again, with the same id). The write that entered the state has already marked the status
   * `effectsPending` (effectsPendingOf); it is cleared here, last.
   */
  async apply(plan: Stored<ServicePlan>, status: Stored<ServiceStatus>, assetName: string, now = new Date()): Promise<void> {
    if (status.state === 'ok') return;
    const field: EventField = status.state === 'overdue' ? 'overdueEvent' : 'dueSoonEvent';
    const claim = await this.claim(plan, status, field, now);
    if (!claim) return; // another instance claimed it: it records it
    if (!claim.recorded) await this.record(plan, status, field, claim, assetName);
    if (status.state === 'overdue' && plan.workOrder.autoCreate && !status.workOrderId) await this.workOrders.open(plan, status, assetName);
    await this.statuses.updateOne(scopeOfClient(plan.clientId), { _id: status._id }, { $set: { effectsPending: false } });
  }

  /** The cycle's claim of the event: the one on the status, else a new one (null: another instance took it first). */
  private async claim(plan: Stored<ServicePlan>, status: Stored<ServiceStatus>, field: EventField, now: Date): Promise<ClaimedEvent | null> {
    const held = status[field];
    if (held && held.cycle === status.cycle) return held;
    const claimed = { cycle: status.cycle, at: now, recorded: false };
    const result = await this.statuses.updateOne(
      scopeOfClient(plan.clientId),
      { _id: status._id, cycle: status.cycle, $or: [{ [field]: null }, { [`${field}.cycle`]: { $ne: status.cycle } }] },
      { $set: { [field]: claimed, effectsPending: true } },
    );
    return result.modified === 0 ? null : claimed;
  }

  private async record(plan: Stored<ServicePlan>, status: Stored<ServiceStatus>, field: EventField, claim: ClaimedEvent, assetName: string): Promise<void> {
    await this.events.record([
      {
        clientId: plan.clientId,
        assetId: status.assetId,
        assetName,
        type: status.state === 'overdue' ? 'maintenance.overdue' : 'maintenance.due_soon',
        occurredAt: claim.at,
        subject: `${plan._id.toHexString()}:${status.cycle}`,
        details: { planId: plan._id.toHexString(), planName: plan.name, cycle: status.cycle, next: status.next, dueBy: status.dueBy },
      },
    ]);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- a computed key makes an open record, which TenantQuery refuses without it
    await this.statuses.updateOne(scopeOfClient(plan.clientId), { _id: status._id, [`${field}.cycle`]: status.cycle } as TenantQuery<ServiceStatus>, {
      $set: { [`${field}.recorded`]: true },
    });
  }
}
