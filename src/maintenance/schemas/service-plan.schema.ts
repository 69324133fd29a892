import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** Lengths of a service interval; at least one is set. */
@Schema({ _id: false })
export class ServiceIntervals {
  @Prop({ type: Number, default: null }) km: number | null;
  @Prop({ type: Number, default: null }) engineHours: number | null;
  @Prop({ type: Number, default: null }) days: number | null;
}

@Schema({ _id: false })
export class ServicePlanWorkOrder {
  @Prop({ default: true }) autoCreate: boolean;
  @Prop({ type: String, default: null }) category: string | null;
  @Prop({ type: String, default: null }) description: string | null;
}

/** A preventive maintenance plan: service every so many km, engine hours and/or days, whichever comes first. */
@Schema({ collection: 'service_plans', timestamps: true })
export class ServicePlan {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, maxlength: 200 })
  name: string;

  @Prop({ default: false })
  allAssets: boolean;

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  assetIds: Types.ObjectId[];

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  groupIds: Types.ObjectId[];

  @Prop({ type: SchemaFactory.createForClass(ServiceIntervals), required: true })
  intervals: ServiceIntervals;

  @Prop({ type: SchemaFactory.createForClass(ServiceIntervals), required: true })
  dueSoon: ServiceIntervals;

  @Prop({ type: SchemaFactory.createForClass(ServicePlanWorkOrder), required: true })
  workOrder: ServicePlanWorkOrder;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  createdBy: Types.ObjectId;

  createdAt: Date;
  updatedAt: Date;
}

export const ServicePlanSchema = SchemaFactory.createForClass(ServicePlan);
ServicePlanSchema.index({ clientId: 1, _id: -1 });
