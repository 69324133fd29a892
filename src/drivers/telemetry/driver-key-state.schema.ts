import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * Where an asset's driver key stood (`DriverKeyProcessor`): the key its tracker sent last and the
 * telemetry assignment it opened. Keyed by the asset's id, read and written by `_id` alone: reached
 * from the ingestion's trackers, which name their asset (and client) already: no client field,
 * as the meters' recent counts are keyed by partition.
 */
@Schema({ collection: 'driver_key_states', versionKey: false })
export class DriverKeyState {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  /** The key, normalized; null: none since the last change. */
  @Prop({ type: String, default: null })
  key: string | null;

  /** The open telemetry assignment it made; null when the key is no active driver's. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  assignmentId: Types.ObjectId | null;

  /** The fix's time (Unix seconds) where the key changed. */
  @Prop({ required: true })
  ts: number;
}

export const DriverKeyStateSchema = SchemaFactory.createForClass(DriverKeyState);
