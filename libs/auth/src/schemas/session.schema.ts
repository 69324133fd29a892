import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument } from 'mongoose';
import { indexCredentials, StoredCredential } from './stored-credential.schema';

/** A signed-in browser or app session. Only the SHA-256 of its token is stored. */
@Schema({ collection: 'sessions', timestamps: true })
export class Session extends StoredCredential {
  @Prop({ required: true })
  expiresAt: Date;

  @Prop({ maxlength: 64 })
  ip?: string;

  @Prop({ maxlength: 512 })
  userAgent?: string;
}

export type SessionDocument = HydratedDocument<Session>;
export const SessionSchema = SchemaFactory.createForClass(Session);
indexCredentials(SessionSchema);
