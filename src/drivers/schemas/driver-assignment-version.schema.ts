import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** A client's driver assignments change counter: what caches of labelled records (report files) key on. Keyed by client id. */
@Schema({ collection: 'driver_assignment_versions', versionKey: false })
export class DriverAssignmentVersion {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  version: number;
}

export const DriverAssignmentVersionSchema = SchemaFactory.createForClass(DriverAssignmentVersion);
