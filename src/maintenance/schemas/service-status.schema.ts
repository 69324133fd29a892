import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { PlanAssetKeys } from './plan-asset-keys.schema';
import type { ClaimedEvent, CycleStart, ServiceInterval, ServiceState, Thresholds } from '../service-plans/status-rules';

/**
 * Where an asset stands with a plan (materialised: kept when meters change, services are
 * recorded, plans are edited, and by the daily sweep), so a page of the status list is an
 * indexed read. `cycle` counts the services recorded: once per cycle, each effect.
 */
@Schema({ collection: 'service_statuses', versionKey: false, minimize: false })
export class ServiceStatus extends PlanAssetKeys {
  @Prop({ type: String, required: true })
  state: ServiceState;

  @Prop({ type: Number, default: 0 })
  cycle: number;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  start: CycleStart;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  next: Thresholds;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  soon: Thresholds;

  @Prop({ type: String, default: null })
  dueBy: ServiceInterval | null;

  /** The next day the state changes by the calendar (the sweep's index); null: none. */
  @Prop({ type: String, default: null })
  dateCheck: string | null;

  @Prop({ type: SchemaTypes.Mixed, default: null })
  lastService: { id: Types.ObjectId; doneAt: Date; odometerKm: number; engineHours: number } | null;

  /** The work order the plan opened in this cycle. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  workOrderId: Types.ObjectId | null;

  @Prop({ type: SchemaTypes.Mixed, default: null })
  dueSoonEvent: ClaimedEvent | null;

  @Prop({ type: SchemaTypes.Mixed, default: null })
  overdueEvent: ClaimedEvent | null;

  /** An effect claimed but not finished (an event not yet recorded, a work order not yet opened): the sweep finishes it. */
  @Prop({ default: false })
  effectsPending: boolean;

  @Prop({ type: Date, default: () => new Date() })
  updatedAt: Date;
}

export const ServiceStatusSchema = SchemaFactory.createForClass(ServiceStatus);
ServiceStatusSchema.index({ clientId: 1, planId: 1, assetId: 1 }, { unique: true });
ServiceStatusSchema.index({ clientId: 1, assetId: 1 });
// The list's order (newest first within a client), unfiltered and by plan (MongoDB; the embedded
// server sorts without them, docs/performance.md).
ServiceStatusSchema.index({ clientId: 1, _id: -1 });
ServiceStatusSchema.index({ clientId: 1, planId: 1, _id: -1 });
ServiceStatusSchema.index({ clientId: 1, state: 1, _id: -1 });
ServiceStatusSchema.index({ dateCheck: 1 });
ServiceStatusSchema.index({ effectsPending: 1 });
