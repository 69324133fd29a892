import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** A signed-in browser or app session. Only the SHA-256 of its token is stored. */
@Schema({ collection: 'sessions', timestamps: true })
export class Session {
  @Prop({ required: true })
  tokenHash: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true })
  expiresAt: Date;

  @Prop()
  revokedAt?: Date;

  @Prop()
  lastUsedAt?: Date;

  @Prop({ maxlength: 64 })
  ip?: string;

  @Prop({ maxlength: 512 })
  userAgent?: string;

  createdAt: Date;
}

export type SessionDocument = HydratedDocument<Session>;
export const SessionSchema = SchemaFactory.createForClass(Session);
// Every authenticated request (on a cache miss) finds its session by token hash.
SessionSchema.index({ tokenHash: 1 }, { unique: true });
// Revoking a user's other sessions (password change) lists them by user.
SessionSchema.index({ userId: 1 });
