import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A client's count of service statuses ever created (`_id`: the client's id): each new status
 * takes the next number, and its `_id` is derived from the client and that number
 * (`serviceStatusId`), so the newest statuses' ids are known without a query — the status list's
 * first pages are lookups by `_id` on both MongoDB and the embedded server (docs/maintenance.md).
 */
@Schema({ collection: 'service_status_sequences', versionKey: false })
export class ServiceStatusSequence {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: Number, required: true, default: 0 })
  next: number;
}

export const ServiceStatusSequenceSchema = SchemaFactory.createForClass(ServiceStatusSequence);
