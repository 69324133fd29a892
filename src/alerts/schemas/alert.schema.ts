import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { FleetEventType } from '../../events';
import type { Severity } from './alert-rule.schema';

export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

@Schema({ _id: false })
export class AlertComment {
  @Prop({ required: true })
  text: string;

  /** A user's id, or 'system'. */
  @Prop({ required: true })
  by: string;

  @Prop({ required: true })
  byName: string;

  @Prop({ required: true })
  at: Date;

  /** The transition it came with: 'acknowledge' or 'resolve'. */
  @Prop({ required: true })
  action: string;
}

/**
 * One occurrence of a rule (docs/alerts.md). Its `_id` is derived from the rule and the event
 * that opened it (alert-ids.ts): the same occurrence seen again (a resent batch, a replay, a
 * second instance, a retried job) is a duplicate insert, never a second alert.
 */
@Schema({ collection: 'alerts', versionKey: false, minimize: false })
export class Alert {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  ruleId: Types.ObjectId;

  @Prop({ required: true })
  ruleName: string;

  @Prop({ type: String, required: true })
  severity: Severity;

  @Prop({ type: String, required: true })
  state: AlertState;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ required: true })
  assetName: string;

  /** The event that opened it first, then the one that resolved it (when the system did). */
  @Prop({ type: [SchemaTypes.ObjectId], required: true })
  eventIds: Types.ObjectId[];

  @Prop({ type: String, required: true })
  eventType: FleetEventType;

  /** The opening event's geofence: its end (an exit) must be of the same geofence. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  geofenceId: Types.ObjectId | null;

  /** The opening event's place (a visit's): places are not built yet, so null until they are. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  placeId: Types.ObjectId | null;

  /** When the opening event occurred. */
  @Prop({ required: true })
  occurredAt: Date;

  @Prop({ required: true })
  openedAt: Date;

  @Prop({ type: Date, default: null })
  acknowledgedAt: Date | null;

  @Prop({ type: String, default: null })
  acknowledgedBy: string | null;

  @Prop({ type: Date, default: null })
  resolvedAt: Date | null;

  /** A user's id, or 'system' when its end event came. */
  @Prop({ type: String, default: null })
  resolvedBy: string | null;

  @Prop({ type: [AlertComment], default: [] })
  comments: AlertComment[];
}

export const AlertSchema = SchemaFactory.createForClass(Alert);
// The list: newest first by `_id` (derived ids start with the opening event's time), filters on top.
AlertSchema.index({ clientId: 1, _id: -1 });
// The list of one asset's alerts (and of a state): on MongoDB (ends find theirs through the registers of unsettled starts).
AlertSchema.index({ assetId: 1, state: 1, eventType: 1 });
// A change of state is conditional on the state (`{_id, state: {$in}}`): with a unique index of
// exactly those keys the embedded server looks it up instead of scanning every alert (DESIGN.md).
AlertSchema.index({ _id: 1, state: 1 }, { unique: true });
