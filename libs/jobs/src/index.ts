export * from './job-outcomes';
export * from './job.schema';
export * from './jobs.module';
export * from './jobs.service';
export * from './retention';
export * from './run-lease';
