import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { PlanAssetKeys } from './plan-asset-keys.schema';

/** A service done on an asset under a plan: by hand, or when the plan's work order was completed. */
@Schema({ collection: 'service_records', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class ServiceRecord extends PlanAssetKeys {
  @Prop({ type: Date, required: true })
  doneAt: Date;

  @Prop({ type: Number, required: true })
  odometerKm: number;

  @Prop({ type: Number, required: true })
  engineHours: number;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  workOrderId: Types.ObjectId | null;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  createdBy: Types.ObjectId;

  createdAt: Date;
}

export const ServiceRecordSchema = SchemaFactory.createForClass(ServiceRecord);
ServiceRecordSchema.index({ clientId: 1, planId: 1, assetId: 1, doneAt: -1 });
