import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Job, JobSchema } from './job.schema';
import { Jobs } from './jobs.service';
import { Retention } from './retention';

/** Durable background work (`Jobs`) and what is kept how long (`Retention`), for every module: global, like the database. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: Job.name, schema: JobSchema }])],
  providers: [Jobs, Retention],
  exports: [Jobs, Retention],
})
export class JobsModule {}
