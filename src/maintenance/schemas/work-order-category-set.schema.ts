import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** The categories a client adds to the default list: one document per client. */
@Schema({ collection: 'work_order_category_sets', timestamps: true })
export class WorkOrderCategorySet {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: [String], default: [] })
  names: string[];
}

export type WorkOrderCategorySetDocument = HydratedDocument<WorkOrderCategorySet>;
export const WorkOrderCategorySetSchema = SchemaFactory.createForClass(WorkOrderCategorySet);
// Read on every work order creation by exactly `{clientId}`: unique, so a lookup.
WorkOrderCategorySetSchema.index({ clientId: 1 }, { unique: true });
