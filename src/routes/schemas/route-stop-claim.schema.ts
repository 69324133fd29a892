import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A task on a route, keyed by the task's id: the unique `_id` is what keeps a task on one route
 * (two writes that race for it: the second is refused). Not a tenant record: the task id says it.
 */
@Schema({ collection: 'route_stop_claims', versionKey: false })
export class RouteStopClaim {
  /** The task's id. */
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  routeId: Types.ObjectId;
}

export const RouteStopClaimSchema = SchemaFactory.createForClass(RouteStopClaim);
