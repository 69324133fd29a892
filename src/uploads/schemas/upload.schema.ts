import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/**
 * What is known of one uploaded file; its bytes are in the GridFS bucket `uploads` under the same
 * `_id`. `referencedAt` is set once an answer (inspection or work-order form) names it; until
 * then the sweep removes it 24 h after `createdAt`.
 */
@Schema({ collection: 'uploads', timestamps: false })
export class Upload {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  uploaderId: Types.ObjectId;

  /** The sent name, made safe for a `Content-Disposition` header. */
  @Prop({ required: true })
  filename: string;

  /** The type read from the content (magic bytes), never the one the client claimed. */
  @Prop({ required: true })
  contentType: string;

  @Prop({ required: true })
  size: number;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ type: Date, default: null })
  referencedAt: Date | null;
}

export type UploadDocument = HydratedDocument<Upload>;
export const UploadSchema = SchemaFactory.createForClass(Upload);
// Uploads are read by `_id` (download, answer checks); the sweep reads unreferenced ones by age.
UploadSchema.index({ referencedAt: 1, createdAt: 1 });
