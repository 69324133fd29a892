import { Global, Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { ActivityEvent, ActivityEventSchema } from './activity-event.schema';
import { ActivityRecorder } from './activity-recorder.service';

const activityData = TenantDataModule.forFeature([{ name: ActivityEvent.name, schema: ActivityEventSchema }]);

/** The recorder every module calls after a change; global so no module forgets to import it. */
@Global()
@Module({
  imports: [activityData],
  providers: [ActivityRecorder],
  exports: [activityData, ActivityRecorder],
})
export class ActivityRecorderModule {}
