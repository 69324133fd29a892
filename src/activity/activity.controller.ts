import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { ActivityEventView } from './activity-event.view';
import { ActivityService } from './activity.service';

@ApiTags('activity log')
@Controller('activity-log')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  /** The full detail of one activity event of the caller's client. */
  @Get(':id')
  @Authenticated({ permission: Permission.ActivityLog })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ActivityEventView> {
    return this.activity.get(auth, id);
  }
}
