import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';

/**
 * A unit of background work, leased by one instance at a time. `_id` is `{name}:{key}`, so
 * enqueueing the same key twice is one job, and every claim and update is a lookup by `_id`.
 * One-off jobs are removed once done; a recurring job's document stays and moves its `runAt`.
 */
@Schema({ collection: 'jobs', versionKey: false })
export class Job {
  @Prop({ type: String })
  _id: string;

  /** The handler that runs it. */
  @Prop({ required: true })
  name: string;

  @Prop({ required: true })
  key: string;

  @Prop({ type: SchemaTypes.Mixed, default: null })
  payload: unknown;

  /** Due from then on. */
  @Prop({ required: true })
  runAt: Date;

  /** `pending` until done (one-offs are then removed); `failed` once its retries are spent. */
  @Prop({ type: String, required: true, enum: ['pending', 'failed'] })
  state: 'pending' | 'failed';

  /** Claims so far (a claim whose instance died counts too). */
  @Prop({ required: true, default: 0 })
  attempts: number;

  /** Delays (ms) after the 1st, 2nd, … failed attempt; spent: `failed`. Recurring jobs retry at their next period. */
  @Prop({ type: [Number], default: [] })
  retryDelaysMs: number[];

  /** Runs again every this many ms (recurring jobs). */
  @Prop({ type: Number, default: null })
  everyMs: number | null;

  /** The instance holding the lease, and until when (the database's clock); expired, anyone may claim it again. */
  @Prop({ type: String, default: null })
  leaseOwner: string | null;

  /** The claim holding the lease (new at each claim): its run's renewals and outcome are conditional on it. */
  @Prop({ type: String, default: null })
  leaseId: string | null;

  @Prop({ type: Date, default: null })
  leaseUntil: Date | null;

  @Prop({ type: String, default: null })
  lastError: string | null;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ type: Date, default: null })
  lastRunAt: Date | null;

  /** Runs completed (a recurring job counts each period's run; it shows whether two instances ran one). */
  @Prop({ required: true, default: 0 })
  runs: number;
}

export const JobSchema = SchemaFactory.createForClass(Job);
// Claims look for due jobs (`{state, runAt}`): MongoDB uses this index; mongo-java-server scans,
// which stays cheap because one-off jobs are deleted when done (docs/performance.md, "Libraries measured instead of hand-written infrastructure").
JobSchema.index({ state: 1, runAt: 1 });

export const jobId = (name: string, key: string) => `${name}:${key}`;
