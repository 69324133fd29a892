import { Injectable } from '@nestjs/common';
import { ActivityEvent } from '@app/activity';
import { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { ActivityEventView, toActivityEventView } from './activity-event.view';

@Injectable()
export class ActivityService {
  constructor(@InjectRepository(ActivityEvent) private readonly events: TenantRepository<ActivityEvent>) {}

  /** One event of the caller's client; unknown, malformed and foreign ids are all 404. */
  async get(auth: AuthContext, id: string): Promise<ActivityEventView> {
    return toActivityEventView(await this.events.findByIdOrFail(auth, id, 'Activity event'));
  }
}
