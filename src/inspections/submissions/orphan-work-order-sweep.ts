import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { UnconfirmedInspectionOrders, UntouchedInspectionOrder } from '../../maintenance';
import { Inspection } from '../schemas/inspection.schema';

/**
 * How old an order must be before its missing inspection means "never coming": a submission of a
 * live process writes its inspection a moment after its order; this leaves it ample time.
 */
export const ORPHAN_GRACE_MS = 15_000;

/**
 * Removes the work orders of critical submissions killed between their two writes (the order is
 * written first, then the inspection: docs/inspections-forms-maintenance.md, "All or nothing"):
 * untouched `inspection` orders older than the grace whose inspection does not exist. Runs at
 * boot, and once more when the grace has passed for the orders of the crash just before it.
 */
@Injectable()
export class OrphanWorkOrderSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OrphanWorkOrderSweep.name);
  private running?: Promise<unknown>;
  private again?: NodeJS.Timeout;

  constructor(
    @InjectRepository(Inspection) private readonly inspections: TenantRepository<Inspection>,
    private readonly orders: UnconfirmedInspectionOrders,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsBackgroundWork) return; // a command of the command line: the server's boot sweeps
    // In the background: a failing sweep is logged and done again at the next boot.
    this.running = this.sweepLogged();
    this.again = setTimeout(() => (this.running = this.sweepLogged()), ORPHAN_GRACE_MS);
    this.again.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.again);
    await this.running;
  }

  /** Removes the orphans older than `graceMs`; returns how many. */
  async sweep(graceMs = ORPHAN_GRACE_MS): Promise<number> {
    const candidates = await this.orders.untouchedBefore(new Date(Date.now() - graceMs));
    let removed = 0;
    for (const orders of byClient(candidates)) {
      const ids = orders.map((order) => order.inspectionId);
      const stored = await this.inspections.find(scopeOfClient(orders[0].clientId), { _id: { $in: ids } }, { projection: { _id: 1 } });
      const present = new Set(stored.map((inspection) => inspection._id.toHexString()));
      for (const order of orders.filter((candidate) => !present.has(candidate.inspectionId.toHexString()))) {
        if (await this.orders.removeIfUntouched(order)) removed++;
      }
    }
    if (removed > 0) this.logger.warn(`${removed} work order(s) of interrupted inspection submissions removed`);
    return removed;
  }

  private sweepLogged(): Promise<unknown> {
    return this.sweep().catch((error: Error) => this.logger.error(`sweeping orphan inspection work orders failed: ${error.message}`));
  }
}

function byClient(orders: readonly UntouchedInspectionOrder[]): UntouchedInspectionOrder[][] {
  const groups = new Map<string, UntouchedInspectionOrder[]>();
  for (const order of orders) groups.set(order.clientId.toHexString(), [...(groups.get(order.clientId.toHexString()) ?? []), order]);
  return [...groups.values()];
}
