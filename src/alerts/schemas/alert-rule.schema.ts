import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { FleetEventType } from '../../events';

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** When a rule alerts: on `days`, from `from` to `to` (HH:mm) in `timeZone`; `from` > `to` spans midnight. */
@Schema({ _id: false })
export class AlertSchedule {
  @Prop({ required: true })
  timeZone: string;

  @Prop({ type: [String], required: true })
  days: WeekDay[];

  @Prop({ required: true })
  from: string;

  @Prop({ required: true })
  to: string;
}

@Schema({ _id: false })
export class AlertRecipients {
  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  userIds: Types.ObjectId[];

  @Prop({ type: [String], default: [] })
  emails: string[];
}

/** Which events matter to whom (docs/alerts.md, "Rules"). */
@Schema({ collection: 'alert_rules', timestamps: true, minimize: false })
export class AlertRule {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  @Prop({ required: true, default: true })
  enabled: boolean;

  @Prop({ type: [String], required: true })
  eventTypes: FleetEventType[];

  @Prop({ required: true, default: true })
  allAssets: boolean;

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  assetIds: Types.ObjectId[];

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  groupIds: Types.ObjectId[];

  /** Only events of these geofences (an event without a geofence does not match); empty: any. */
  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  geofenceIds: Types.ObjectId[];

  @Prop({ type: AlertSchedule, default: null })
  schedule: AlertSchedule | null;

  @Prop({ required: true, default: 0 })
  minDurationSeconds: number;

  @Prop({ required: true, default: 0 })
  cooldownSeconds: number;

  @Prop({ type: String, required: true, default: 'warning' })
  severity: Severity;

  @Prop({ type: AlertRecipients, required: true, default: () => ({ userIds: [], emails: [] }) })
  recipients: AlertRecipients;

  createdAt: Date;
  updatedAt: Date;
}

export const AlertRuleSchema = SchemaFactory.createForClass(AlertRule);
// Matching reads a client's enabled rules on every batch with events.
AlertRuleSchema.index({ clientId: 1, enabled: 1 });
