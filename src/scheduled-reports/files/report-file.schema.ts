import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A run's file too large to attach, kept for its download link until `expiresAt`. The bytes are
 * in the GridFS bucket `report_files` under this record's `_id`; the link's token is stored only
 * as its SHA-256.
 */
@Schema({ collection: 'report_file_links', versionKey: false })
export class ReportFile {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  runId: Types.ObjectId;

  @Prop({ required: true })
  fileName: string;

  @Prop({ required: true })
  contentType: string;

  @Prop({ required: true })
  bytes: number;

  /** SHA-256 of the link's token, hex. */
  @Prop({ required: true })
  tokenHash: string;

  @Prop({ required: true })
  expiresAt: Date;

  @Prop({ type: Date, default: () => new Date() })
  createdAt: Date;
}

export const ReportFileSchema = SchemaFactory.createForClass(ReportFile);
// A download finds its file by the token's hash alone (a unique index: a lookup on both databases).
ReportFileSchema.index({ tokenHash: 1 }, { unique: true });
ReportFileSchema.index({ expiresAt: 1 });
