import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** A client's counter of changes to its tasks' windows (added, deleted, moved): what tells every instance to read its window index again. */
@Schema({ collection: 'task_window_versions', versionKey: false })
export class TaskWindowVersion {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  version: number;
}

export const TaskWindowVersionSchema = SchemaFactory.createForClass(TaskWindowVersion);
