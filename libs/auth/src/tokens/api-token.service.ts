import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { notFound } from '@app/errors';
import { ApiToken } from '../schemas/api-token.schema';
import { CredentialRevocation } from './credential-revocation';
import { CredentialVerifier } from './credential-verifier.service';
import { generateToken, hashToken } from './token-codec';

export interface ApiTokenView {
  id: string;
  name: string;
  hint: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

type StoredApiToken = ApiToken & { _id: Types.ObjectId };

function toView(token: StoredApiToken): ApiTokenView {
  return {
    id: token._id.toHexString(),
    name: token.name,
    hint: token.hint,
    createdAt: token.createdAt,
    expiresAt: token.expiresAt ?? null,
    lastUsedAt: token.lastUsedAt ?? null,
    revokedAt: token.revokedAt ?? null,
  };
}

/** `atk_` tokens of a user: created (shown once), listed, revoked. */
@Injectable()
export class ApiTokenService {
  private readonly revocation: CredentialRevocation<ApiToken>;

  constructor(
    @InjectModel(ApiToken.name) private readonly tokens: Model<ApiToken>,
    private readonly verifier: CredentialVerifier,
  ) {
    this.revocation = new CredentialRevocation(tokens, verifier);
  }

  async create(owner: { userId: Types.ObjectId; clientId: Types.ObjectId }, name: string, expiresAt?: Date): Promise<ApiTokenView & { token: string }> {
    const token = generateToken('api_token');
    const created = await this.tokens.create({
      tokenHash: hashToken(token),
      userId: owner.userId,
      clientId: owner.clientId,
      name,
      hint: `…${token.slice(-4)}`,
      expiresAt,
    });
    return { ...toView(created.toObject()), token };
  }

  async list(userId: Types.ObjectId): Promise<ApiTokenView[]> {
    const tokens = await this.tokens.find({ userId }).sort({ createdAt: -1 }).lean<StoredApiToken[]>().exec();
    return tokens.map(toView);
  }

  /** Revokes one of the user's own tokens; any other id is not found. */
  async revoke(userId: Types.ObjectId, id: string): Promise<ApiTokenView> {
    const existing = Types.ObjectId.isValid(id) && id.length === 24 ? await this.tokens.findById(id).lean<StoredApiToken>().exec() : null;
    if (!existing || !existing.userId.equals(userId)) throw notFound('API token');
    const revoked = await this.tokens
      .findOneAndUpdate({ _id: existing._id }, { $set: { revokedAt: existing.revokedAt ?? new Date() } }, { new: true })
      .lean<StoredApiToken>()
      .exec();
    this.verifier.evict(existing);
    return toView(revoked ?? existing);
  }

  /**
   * Revokes every live token of a user (an administrator reset the password: the account may be
   * compromised) and drops the user's cached credentials, so they stop working at once here.
   */
  revokeAllOfUser(userId: Types.ObjectId): Promise<number> {
    return this.revocation.allOfUser(userId);
  }

  /** Revokes a token by its plain value (command line `revoke-token`). */
  revokeByToken(token: string): Promise<boolean> {
    return this.revocation.byToken(token);
  }
}
