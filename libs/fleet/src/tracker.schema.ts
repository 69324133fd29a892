import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** A GPS device of a client; `vendorId` is its flespi device id. */
@Schema({ collection: 'trackers', timestamps: true })
export class Tracker {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, min: 1 })
  vendorId: number;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  @Prop({ trim: true, maxlength: 100 })
  model?: string;
}

export type TrackerDocument = HydratedDocument<Tracker>;
export const TrackerSchema = SchemaFactory.createForClass(Tracker);
// Trip and telemetry lookups come by vendor device id; a device belongs to one client.
TrackerSchema.index({ vendorId: 1 }, { unique: true });
