import { Prop } from '@nestjs/mongoose';
import type { Schema as MongooseSchema } from 'mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * What sessions and API tokens share: a credential of a user of a client, stored only as the
 * SHA-256 of its token, with its revocation and last use.
 */
export abstract class StoredCredential {
  @Prop({ required: true })
  tokenHash: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop()
  revokedAt?: Date;

  @Prop()
  lastUsedAt?: Date;

  createdAt: Date;
}

/** The indexes of a credential collection. */
export function indexCredentials(schema: MongooseSchema): void {
  // Every authenticated request (on a cache miss) finds its credential by token hash.
  schema.index({ tokenHash: 1 }, { unique: true });
  // A user's credentials: revoking them (password change) and the owner's token list.
  schema.index({ userId: 1 });
}
