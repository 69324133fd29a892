import { Injectable, Logger } from '@nestjs/common';
import { byClient, InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { JobRun, LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { UnconfirmedInspectionOrders } from '../../maintenance';
import { Inspection } from '../schemas/inspection.schema';

/**
 * How old an order must be before its missing inspection means "never coming": a submission of a
 * live process writes its inspection a moment after its order; this leaves it ample time.
 */
export const ORPHAN_GRACE_MS = 15_000;

/**
 * Removes the work orders of critical submissions killed between their two writes (the order is
 * written first, then the inspection: docs/inspections-forms-maintenance.md, "All or nothing"):
 * untouched `inspection` orders older than the grace whose inspection does not exist. A recurring
 * job (`inspections.orphan-work-orders`): whenever an instance starts (after a crash), and every
 * grace period across all instances, so the orders of the crash just before a start go within two.
 */
@Injectable()
export class OrphanWorkOrderSweep {
  private readonly logger = new Logger(OrphanWorkOrderSweep.name);

  constructor(
    @InjectRepository(Inspection) private readonly inspections: TenantRepository<Inspection>,
    private readonly orders: UnconfirmedInspectionOrders,
  ) {}

  @RecurringJob('inspections.orphan-work-orders', { everyMs: ORPHAN_GRACE_MS, atStart: true })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.sweep(ORPHAN_GRACE_MS, lease);
  }

  /** Removes the orphans older than `graceMs` while `lease` holds; returns how many. */
  async sweep(graceMs = ORPHAN_GRACE_MS, lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const candidates = await this.orders.untouchedBefore(new Date(Date.now() - graceMs));
    let removed = 0;
    for (const orders of byClient(candidates)) {
      const ids = orders.map((order) => order.inspectionId);
      const stored = await this.inspections.find(scopeOfClient(orders[0].clientId), { _id: { $in: ids } }, { projection: { _id: 1 } });
      const present = new Set(stored.map((inspection) => inspection._id.toHexString()));
      for (const order of orders.filter((candidate) => !present.has(candidate.inspectionId.toHexString()))) {
        lease.assertHeld();
        if (await this.orders.removeIfUntouched(order)) removed++;
      }
    }
    if (removed > 0) this.logger.warn(`${removed} work order(s) of interrupted inspection submissions removed`);
    return removed;
  }
}
