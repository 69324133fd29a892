import type { JobHandler } from './job-outcomes';

/** A job name's handler on this instance, and its slots. */
export interface JobRegistration {
  handler: JobHandler<unknown>;
  leaseMs: number;
  concurrency: number;
  running: number;
  /** A claim pass may have left due jobs of this name for want of room: a slot freed here looks again at once. */
  backlog: boolean;
  everyMs?: number;
  atStart?: boolean;
}
