import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ActivityEvent } from '@app/activity';
import { AuthContext } from '@app/auth';
import { TenantRepository } from '@app/database';
import { ActivityEventView, toActivityEventView } from './activity-event.view';

@Injectable()
export class ActivityService {
  private readonly repository: TenantRepository<ActivityEvent>;

  constructor(@InjectModel(ActivityEvent.name) events: Model<ActivityEvent>) {
    this.repository = new TenantRepository(events);
  }

  /** One event of the caller's client; unknown, malformed and foreign ids are all 404. */
  async get(auth: AuthContext, id: string): Promise<ActivityEventView> {
    return toActivityEventView(await this.repository.findOwnedByIdOrFail(auth.clientId, id, 'Activity event'));
  }
}
