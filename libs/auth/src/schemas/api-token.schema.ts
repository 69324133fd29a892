import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** A long-lived `atk_` token for integrations, acting as its user. Only its SHA-256 is stored. */
@Schema({ collection: 'api_tokens', timestamps: true })
export class ApiToken {
  @Prop({ required: true })
  tokenHash: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 100 })
  name: string;

  /** The last characters of the token, so that its owner can tell tokens apart. */
  @Prop({ required: true })
  hint: string;

  @Prop()
  expiresAt?: Date;

  @Prop()
  revokedAt?: Date;

  @Prop()
  lastUsedAt?: Date;

  createdAt: Date;
}

export type ApiTokenDocument = HydratedDocument<ApiToken>;
export const ApiTokenSchema = SchemaFactory.createForClass(ApiToken);
// Every authenticated request (on a cache miss) finds its token by hash.
ApiTokenSchema.index({ tokenHash: 1 }, { unique: true });
// The owner's token list.
ApiTokenSchema.index({ userId: 1 });
