import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { clientChangeLog } from '@app/database';

/** A client's change counter of its tasks at a location (`ClientVersionedCache`): keyed by client id. */
@Schema({ collection: 'task_location_versions', versionKey: false })
export class TaskLocationVersion {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  version: number;
}

export const TaskLocationVersionSchema = SchemaFactory.createForClass(TaskLocationVersion);

/** Which tasks each version of the counter changed (`clientChangeLog`): an index behind reads only those again. */
export const TASK_LOCATION_CHANGES = clientChangeLog('TaskLocationChange', 'task_location_changes');
