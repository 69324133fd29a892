import type { FilterQuery, Model, Types } from 'mongoose';
import type { StoredCredential } from '../schemas/stored-credential.schema';
import type { CredentialVerifier } from './credential-verifier.service';
import { hashToken } from './token-codec';

/**
 * Revokes stored credentials of one kind (sessions or API tokens) and forgets them in this
 * process's token cache at once; other instances stop accepting them within the cache lifetime.
 */
export class CredentialRevocation<T extends StoredCredential> {
  constructor(
    private readonly credentials: Model<T>,
    private readonly verifier: CredentialVerifier,
  ) {}

  /** By its plain value (command line `revoke-token`); false when it was not a live credential of this kind. */
  async byToken(token: string): Promise<boolean> {
    const result = await this.credentials.updateOne({ tokenHash: hashToken(token), revokedAt: { $exists: false } }, { $set: { revokedAt: new Date() } }).exec();
    this.verifier.evict(token);
    return result.modifiedCount === 1;
  }

  /** Every live credential of a user (but those `except` matches); answers how many. */
  async allOfUser(userId: Types.ObjectId, except: FilterQuery<T> = {}): Promise<number> {
    const result = await this.credentials.updateMany({ userId, revokedAt: { $exists: false }, ...except }, { $set: { revokedAt: new Date() } }).exec();
    this.verifier.evictUser(userId);
    return result.modifiedCount;
  }
}
