import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

@Schema({ _id: false })
export class ActivityActor {
  @Prop({ type: SchemaTypes.ObjectId })
  userId?: Types.ObjectId;

  @Prop()
  name?: string;

  @Prop()
  email?: string;

  /** How the actor authenticated: session, api_token, or none (a failed login). */
  @Prop()
  credential?: string;
}

/** One change made through the API: who, what, when, from where, and before/after. */
@Schema({ collection: 'activity_events', timestamps: false, minimize: false })
export class ActivityEvent {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: ActivityActor, required: true })
  actor: ActivityActor;

  /** Dotted verb such as `driver.import`, `user.password_change`, `auth.login`. */
  @Prop({ required: true })
  action: string;

  @Prop({ required: true })
  resourceType: string;

  @Prop()
  resourceId?: string;

  @Prop({ required: true, maxlength: 1000 })
  summary: string;

  @Prop({ type: SchemaTypes.Mixed })
  before?: unknown;

  @Prop({ type: SchemaTypes.Mixed })
  after?: unknown;

  @Prop({ type: SchemaTypes.Mixed })
  details?: Record<string, unknown>;

  @Prop()
  requestId?: string;

  @Prop()
  ip?: string;

  @Prop()
  userAgent?: string;

  @Prop({ required: true })
  occurredAt: Date;
}

export type ActivityEventDocument = HydratedDocument<ActivityEvent>;
export const ActivityEventSchema = SchemaFactory.createForClass(ActivityEvent);
// Events are read by _id (detail endpoint); this serves a client's timeline, newest first.
ActivityEventSchema.index({ clientId: 1, occurredAt: -1 });
