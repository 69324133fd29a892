import type { AppConfig } from '@app/config';
import type { JobRun, RecurringOptions } from './job-outcomes';

const RUNS_EVERY = Symbol('jobs:recurring');

/** A recurring job's period in ms: fixed, or read from the configuration (0 there leaves the job off). */
export type RecurringPeriod = number | ((config: AppConfig) => number);

/** What `@RecurringJob` marks a method with. */
export interface RecurringJobMark extends RecurringOptions {
  name: string;
  everyMs: RecurringPeriod;
}

/** A recurring job's handler: given its run (`run.lease` before each write), answers when done. */
type RecurringMethod = (run: JobRun<null>) => Promise<unknown>;

/**
 * Makes a provider's method the handler of the recurring job `name`: once every `everyMs` across
 * all instances (`Jobs.every`), registered at start by `RecurringJobs`. The model of
 * `@nestjs/schedule`'s `@Interval`, on the durable jobs: a sweep missed while every instance was
 * down runs when the first one starts.
 */
export function RecurringJob(name: string, options: RecurringOptions & { everyMs: RecurringPeriod }) {
  return <Method extends RecurringMethod>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<Method>): void => {
    Reflect.defineMetadata(RUNS_EVERY, { name, ...options }, descriptor.value as object);
  };
}

/** The recurring job a method was marked to run (none: not a job's handler). */
export function recurringJobsOf(method: unknown): readonly RecurringJobMark[] {
  const mark = typeof method === 'function' ? (Reflect.getMetadata(RUNS_EVERY, method) as RecurringJobMark | undefined) : undefined;
  return mark ? [mark] : [];
}
