export * from './job-outcomes';
export * from './job.schema';
export * from './jobs.module';
export * from './jobs.service';
export { RecurringJob, type RecurringPeriod } from './recurring-job';
export * from './retention';
export * from './run-lease';
