import { Injectable } from '@nestjs/common';
import { DatabaseClock, InjectRepository, scopeOfClient, TenantRepository, type Stored, type TenantQuery } from '@app/database';
import { Jobs } from '@app/jobs';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';

/**
 * How long a price change's lease holds without renewal (renewed every third of it while the
 * change runs or waits for its tariff's earlier ones): the resume takes a dead instance's change
 * at most this long, plus its period, after the instance died.
 */
export const PRICE_CHANGE_LEASE_MS = 30_000;

/**
 * The lease on a price change record: who runs it (this instance's `Jobs.owner`) and until when,
 * on the database's clock (as the jobs' leases: every instance reads it alike).
 * Taken when the change is committed, so a change is never without a runner while its request
 * lives; cleared when it completes (in the same write) or fails.
 */
@Injectable()
export class PriceChangeLeases {
  constructor(
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    private readonly jobs: Jobs,
    private readonly clock: DatabaseClock,
  ) {}

  /** The lease a change is committed with. */
  taken(): Pick<FuelPriceChange, 'leaseOwner' | 'leaseUntil'> {
    return { leaseOwner: this.jobs.owner, leaseUntil: new Date(this.clock.nowMs() + PRICE_CHANGE_LEASE_MS) };
  }

  /** Pending changes this instance may take: lease free, expired, or its own (never run here: the caller checks). */
  takeable(now = this.clock.now()): TenantQuery<FuelPriceChange> {
    return { state: 'pending', $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }, { leaseOwner: this.jobs.owner }] };
  }

  /** Takes the lease of a pending change if it is takeable; false when another runner holds it (or it is done). */
  async claim(job: Stored<FuelPriceChange>): Promise<boolean> {
    return (await this.changes.updateRecord(scopeOfClient(job.clientId), job, { $set: this.taken() }, this.takeable())) !== null;
  }

  /** Keeps this instance's lease; false once it is lost (expired and taken over, or the change is done). */
  async renew(job: Stored<FuelPriceChange>): Promise<boolean> {
    const held: TenantQuery<FuelPriceChange> = { state: 'pending', leaseOwner: this.jobs.owner };
    return (await this.changes.updateRecord(scopeOfClient(job.clientId), job, { $set: { leaseUntil: this.taken().leaseUntil } }, held)) !== null;
  }

  /** Frees this instance's lease after a failure, so that the resume takes the change at its next pass. */
  async release(job: Stored<FuelPriceChange>): Promise<void> {
    const held: TenantQuery<FuelPriceChange> = { leaseOwner: this.jobs.owner };
    await this.changes.updateRecord(scopeOfClient(job.clientId), job, { $set: { leaseOwner: null, leaseUntil: null } }, held);
  }
}
