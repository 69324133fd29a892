import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * The tasks an asset's visit of a place may arrive or depart (docs/dispatch.md, "Arrival by
 * itself"): `_id` is `assetId:placeId`, so the ingestion's path finds them with one lookup by
 * `_id`, never a filter over a client's tasks. Derived from the tasks; no client field (the ids
 * in the key are unique across clients).
 */
@Schema({ collection: 'task_arrival_slots', versionKey: false })
export class TaskArrivalSlot {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  taskIds: Types.ObjectId[];
}

export const TaskArrivalSlotSchema = SchemaFactory.createForClass(TaskArrivalSlot);
