import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Job, JobSchema } from './job.schema';
import { Jobs } from './jobs.service';

/** Durable background work (`Jobs`), for every module: global, like the database. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: Job.name, schema: JobSchema }])],
  providers: [Jobs],
  exports: [Jobs],
})
export class JobsModule {}
