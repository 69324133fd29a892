import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { Job, JobSchema } from './job.schema';
import { Jobs } from './jobs.service';
import { RecurringJobs } from './recurring-jobs';
import { Retention } from './retention';

/** Durable background work (`Jobs`, its `@RecurringJob` methods) and what is kept how long (`Retention`), for every module: global, like the database. */
@Global()
@Module({
  imports: [DiscoveryModule, MongooseModule.forFeature([{ name: Job.name, schema: JobSchema }])],
  providers: [Jobs, Retention, RecurringJobs],
  exports: [Jobs, Retention],
})
export class JobsModule {}
