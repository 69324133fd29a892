import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { AuthContext, RequestMeta } from '@app/auth';
import { ActivityEvent } from './activity-event.schema';

export interface ActivityInput {
  action: string;
  resourceType: string;
  resourceId?: string | Types.ObjectId;
  summary: string;
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
}

export interface ActivityActorInput {
  clientId: Types.ObjectId;
  userId?: Types.ObjectId;
  name?: string;
  email?: string;
  credential?: string;
}

/**
 * Records activity events. Called after the change it describes has been written: a failure to
 * record is logged and swallowed, so it never loses or fails the user's change.
 */
@Injectable()
export class ActivityRecorder {
  private readonly logger = new Logger(ActivityRecorder.name);

  constructor(@InjectModel(ActivityEvent.name) private readonly events: Model<ActivityEvent>) {}

  /** An event by the authenticated caller. Returns the event id, or undefined if it could not be written. */
  record(auth: AuthContext, input: ActivityInput): Promise<Types.ObjectId | undefined> {
    const actor = { clientId: auth.clientId, userId: auth.userId, name: auth.name, email: auth.email, credential: auth.credential.kind };
    return this.recordFor(actor, auth.request, input);
  }

  async recordFor(actor: ActivityActorInput, request: Partial<RequestMeta>, input: ActivityInput): Promise<Types.ObjectId | undefined> {
    try {
      const { clientId, ...who } = actor;
      const event = await this.events.create({
        clientId,
        actor: who,
        action: input.action,
        resourceType: input.resourceType,
        resourceId: input.resourceId === undefined ? undefined : String(input.resourceId),
        summary: input.summary.slice(0, 1000),
        before: input.before,
        after: input.after,
        details: input.details,
        requestId: request.requestId,
        ip: request.ip,
        userAgent: request.userAgent?.slice(0, 512),
        occurredAt: new Date(),
      });
      return event._id;
    } catch (error) {
      this.logger.error(
        { err: error, requestId: request.requestId, action: input.action },
        `activity event ${input.action} could not be recorded: ${(error as Error).message}`,
      );
      return undefined;
    }
  }
}
