import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument } from 'mongoose';
import { indexCredentials, StoredCredential } from './stored-credential.schema';

/** A long-lived `atk_` token for integrations, acting as its user. Only its SHA-256 is stored. */
@Schema({ collection: 'api_tokens', timestamps: true })
export class ApiToken extends StoredCredential {
  @Prop({ required: true, trim: true, maxlength: 100 })
  name: string;

  /** The last characters of the token, so that its owner can tell tokens apart. */
  @Prop({ required: true })
  hint: string;

  @Prop()
  expiresAt?: Date;
}

export type ApiTokenDocument = HydratedDocument<ApiToken>;
export const ApiTokenSchema = SchemaFactory.createForClass(ApiToken);
indexCredentials(ApiTokenSchema);
