import { Global, Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { ActivityEvent, ActivityEventSchema } from './activity-event.schema';
import { ActivityRecorder } from './activity-recorder.service';
import { ActivityEventCursor } from './activity-event-cursor';

const activityData = TenantDataModule.forFeature([{ name: ActivityEvent.name, schema: ActivityEventSchema }]);

/** The recorder every module calls after a change; global so no module forgets to import it. */
@Global()
@Module({
  imports: [activityData],
  providers: [ActivityRecorder, ActivityEventCursor],
  exports: [activityData, ActivityRecorder, ActivityEventCursor],
})
export class ActivityRecorderModule {}
