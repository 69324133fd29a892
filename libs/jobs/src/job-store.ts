import { Model, Types } from 'mongoose';
import { duplicateKeyIndexes, isDuplicateKeyError } from '@app/database';
import { Job, jobId } from './job.schema';

export interface NewJob {
  name: string;
  key: string;
  payload: unknown;
  runAt: Date;
  retryDelaysMs: number[];
  everyMs: number | null;
}

/** A lease taken at insert: the job is stored as claimed once by its owner. */
export interface InsertLease {
  owner: string;
  until: Date;
}

/** What identifies one claim of a job: every write of its run is conditional on it. */
export type HeldJob = Pick<Job, '_id' | 'leaseId'>;

const newLeaseId = () => new Types.ObjectId().toHexString();

/**
 * The jobs collection: every claim and update of a job is a lookup by `_id` (`{name}:{key}`).
 * Lease times are on the database's clock (`now`), which every instance reads alike. A run's
 * writes — renewal, release, removal — are conditional on its claim's `leaseId`, so a run whose
 * lease was taken over changes nothing, even when the new claim is this instance's own.
 */
export class JobStore {
  constructor(
    private readonly jobs: Model<Job>,
    private readonly now: () => Date,
  ) {}

  private newDocument(job: NewJob, lease?: InsertLease): Job {
    const claim = lease
      ? { attempts: 1, leaseOwner: lease.owner, leaseId: newLeaseId(), leaseUntil: lease.until }
      : { attempts: 0, leaseOwner: null, leaseId: null, leaseUntil: null };
    return { _id: jobId(job.name, job.key), ...job, state: 'pending', ...claim, lastError: null, createdAt: this.now(), lastRunAt: null, runs: 0 };
  }

  private get collection() {
    return this.jobs.collection;
  }

  /** Inserts the job unless one with its key exists; answers whether it was new. */
  async insert(job: NewJob): Promise<boolean> {
    return (await this.insertLeased(job)) !== null;
  }

  /** `insert`, leased to `lease.owner` when given (claimed at once, without a read and an update); answers the stored job, or null when one with its key exists. */
  async insertLeased(job: NewJob, lease?: InsertLease): Promise<Job | null> {
    const document = this.newDocument(job, lease);
    try {
      await this.collection.insertOne(document as never);
      return document;
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }

  /** `insert` of many in one round trip; answers, in order, whether each was new. */
  async insertMany(jobs: readonly NewJob[]): Promise<boolean[]> {
    if (jobs.length === 0) return [];
    try {
      await this.collection.insertMany(jobs.map((job) => this.newDocument(job)) as never[], { ordered: false });
      return jobs.map(() => true);
    } catch (error) {
      const existing = duplicateKeyIndexes(error);
      if (!existing) throw error;
      return jobs.map((_, i) => !existing.has(i));
    }
  }

  /** Due, unleased (or lease expired) jobs of these handlers, oldest first: candidates, not yet claimed. */
  async due(names: readonly string[], now: Date, limit: number): Promise<Job[]> {
    return this.collection
      .find<Job>({ state: 'pending', name: { $in: [...names] }, runAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] } as never)
      .sort({ runAt: 1 })
      .limit(limit)
      .toArray();
  }

  /** Takes the lease of a candidate as it was read (no one else claimed it meanwhile); null if lost. */
  async claim(job: Job, owner: string, leaseMs: number, now: Date): Promise<Job | null> {
    return this.collection.findOneAndUpdate(
      // As read: a run that finished meanwhile moved `runAt` (and may have reset `attempts`).
      { _id: job._id, leaseUntil: job.leaseUntil, attempts: job.attempts, runAt: job.runAt } as never,
      { $set: { leaseOwner: owner, leaseId: newLeaseId(), leaseUntil: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    ) as Promise<Job | null>;
  }

  /** Keeps a claim's lease while its handler runs: answers its new end, or null once another claim took the job (the lease had expired). */
  async renew(job: HeldJob, leaseMs: number): Promise<Date | null> {
    const until = new Date(this.now().getTime() + leaseMs);
    const result = await this.collection.updateOne({ _id: job._id, leaseId: job.leaseId } as never, { $set: { leaseUntil: until } });
    return result.matchedCount === 1 ? until : null;
  }

  /** A one-off job done: removed (only by the claim holding it). */
  async remove(job: HeldJob): Promise<void> {
    await this.collection.deleteOne({ _id: job._id, leaseId: job.leaseId } as never);
  }

  /** Frees the claim's lease and sets what comes next: another run, a retry, or `failed`. */
  async release(job: HeldJob, next: { runAt: Date; state?: 'failed'; lastError?: string | null; completed?: boolean; resetAttempts?: boolean }): Promise<void> {
    const set: Record<string, unknown> = { runAt: next.runAt, leaseOwner: null, leaseId: null, leaseUntil: null, lastRunAt: this.now() };
    if (next.state) set.state = next.state;
    if (next.lastError !== undefined) set.lastError = next.lastError;
    if (next.resetAttempts) set.attempts = 0;
    await this.collection.updateOne({ _id: job._id, leaseId: job.leaseId } as never, { $set: set, ...(next.completed ? { $inc: { runs: 1 } } : {}) });
  }

  /** Makes a pending job due now (a "run now"); false when there is no such job. */
  async runNow(id: string): Promise<boolean> {
    return (await this.collection.updateOne({ _id: id, state: 'pending' } as never, { $set: { runAt: this.now() } })).matchedCount === 1;
  }

  /** A recurring job's period as this version of the code registers it, and due now if `dueNow`. */
  async setPeriod(id: string, everyMs: number, dueNow: boolean): Promise<void> {
    await this.collection.updateOne({ _id: id } as never, { $set: { everyMs, state: 'pending', ...(dueNow ? { runAt: this.now() } : {}) } });
  }

  find(id: string): Promise<Job | null> {
    return this.collection.findOne<Job>({ _id: id } as never);
  }
}
