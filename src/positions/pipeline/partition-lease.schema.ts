import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One partition's lease (`_id` `p:<n>`): the instance that processes its trackers, until when,
 * and how many times it changed hands (`epoch`). `_id` `count` holds the partition count fixed
 * for the database.
 */
@Schema({ collection: 'telemetry_partitions', versionKey: false })
export class PartitionLease {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: String, default: null })
  owner: string | null;

  @Prop({ type: Date, default: null })
  until: Date | null;

  @Prop({ type: Number, default: 0 })
  epoch: number;

  /** On the `count` document only. */
  @Prop({ type: Number })
  partitions?: number;
}

export const PartitionLeaseSchema = SchemaFactory.createForClass(PartitionLease);

/** An instance that serves ingestion, seen lately (`_id` its id): what a fair share of partitions is counted over. */
@Schema({ collection: 'telemetry_instances', versionKey: false })
export class IngestInstance {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: Date, required: true })
  seenAt: Date;
}

export const IngestInstanceSchema = SchemaFactory.createForClass(IngestInstance);
