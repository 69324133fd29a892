import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A vehicle's ordered stops for a day (docs/dispatch.md, "Routes and ETAs"): owned by its asset
 * (scope by the caller's trackers). Each stop is a task, assigned to the route's asset.
 */
@Schema({ collection: 'routes', timestamps: true, minimize: false })
export class Route {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  driverId: Types.ObjectId | null;

  /** `YYYY-MM-DD` in the client's zone. */
  @Prop({ required: true })
  date: string;

  /** The tasks in the order the vehicle does them. */
  @Prop({ type: [SchemaTypes.ObjectId], required: true })
  stopTaskIds: Types.ObjectId[];

  createdAt: Date;
  updatedAt: Date;
}

export const RouteSchema = SchemaFactory.createForClass(Route);
// The list (by date, newest first) and its date filter; the ETA watch reads the days around today.
RouteSchema.index({ clientId: 1, date: -1, _id: -1 });
RouteSchema.index({ date: 1 });
