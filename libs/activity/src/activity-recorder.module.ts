import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ActivityEvent, ActivityEventSchema } from './activity-event.schema';
import { ActivityRecorder } from './activity-recorder.service';

const activityModels = MongooseModule.forFeature([{ name: ActivityEvent.name, schema: ActivityEventSchema }]);

/** The recorder every module calls after a change; global so no module forgets to import it. */
@Global()
@Module({
  imports: [activityModels],
  providers: [ActivityRecorder],
  exports: [activityModels, ActivityRecorder],
})
export class ActivityRecorderModule {}
