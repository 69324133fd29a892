import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { AnyBulkWriteOperation, Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { AuthPrincipal } from '../context/auth-context';
import { ApiToken } from '../schemas/api-token.schema';
import { Session } from '../schemas/session.schema';
import { PrincipalLoader } from './principal-loader';
import { TokenCache } from './token-cache';
import { classifyToken, CredentialKind, hashToken } from './token-codec';

interface StoredCredential {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  expiresAt?: Date;
  revokedAt?: Date;
}

const BEARER_PREFIX = 'Bearer ';

// lastUsedAt is written behind, at most once a minute per credential, in one batch.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Turns a presented token into its principal: live (not expired, not revoked) session or `atk_`
 * token of an active user. Verified tokens are cached briefly; see TokenCache.
 */
@Injectable()
export class CredentialVerifier implements OnApplicationShutdown {
  private readonly logger = new Logger(CredentialVerifier.name);
  private readonly cache: TokenCache;
  private readonly pendingTouches = new Map<string, { kind: CredentialKind; id: Types.ObjectId; at: Date }>();
  private readonly lastTouched = new Map<string, number>();
  private readonly flushTimer: NodeJS.Timeout;

  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    @InjectModel(ApiToken.name) private readonly apiTokens: Model<ApiToken>,
    private readonly principals: PrincipalLoader,
    config: AppConfig,
  ) {
    this.cache = new TokenCache(config.get('TOKEN_CACHE_TTL_SECONDS') * 1000);
    this.flushTimer = setInterval(() => void this.flushTouches(), TOUCH_INTERVAL_MS / 2).unref();
  }

  async verify(token: string): Promise<AuthPrincipal | null> {
    const kind = classifyToken(token);
    if (!kind) return null;
    const hash = hashToken(token);
    const cached = this.cache.get(hash);
    const principal = cached ?? (await this.load(kind, hash));
    if (!principal) return null;
    if (!cached) this.cache.set(hash, principal);
    this.touch(hash, principal);
    return principal;
  }

  /**
   * The principal of an Authorization value `Bearer <token>` (that exact form) whose token this
   * instance verified moments ago and still holds in its cache; undefined for anything else, which
   * then goes through passport-http-bearer's strategy (the parser of record) and `verify`. A hit is
   * the same token, so the same answer `verify` would give, without the strategy's run per request.
   */
  cachedPrincipal(authorization: string): AuthPrincipal | undefined {
    if (!authorization.startsWith(BEARER_PREFIX) || authorization.indexOf(' ', BEARER_PREFIX.length) !== -1) return undefined;
    const hash = hashToken(authorization.slice(BEARER_PREFIX.length));
    const principal = this.cache.get(hash);
    if (principal) this.touch(hash, principal);
    return principal;
  }

  /** Forget a credential now (its revocation was just written). */
  evict(token: string | { tokenHash: string }): void {
    this.cache.evict(typeof token === 'string' ? hashToken(token) : token.tokenHash);
  }

  evictUser(userId: Types.ObjectId): void {
    this.cache.evictUser(userId);
  }

  /** Forget the credentials of every holder of a role now (the role was just changed). */
  evictRole(roleId: Types.ObjectId): void {
    this.cache.evictRole(roleId);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flushTouches();
  }

  private async load(kind: CredentialKind, tokenHash: string): Promise<AuthPrincipal | null> {
    const model: Model<Session> | Model<ApiToken> = kind === 'session' ? this.sessions : this.apiTokens;
    const stored = await (model as Model<Session>).findOne({ tokenHash }, { userId: 1, expiresAt: 1, revokedAt: 1 }).lean<StoredCredential>().exec();
    if (!stored || stored.revokedAt) return null;
    if (stored.expiresAt && stored.expiresAt.getTime() <= Date.now()) return null;
    return this.principals.load(stored.userId, { kind, id: stored._id, expiresAt: stored.expiresAt });
  }

  private touch(hash: string, principal: AuthPrincipal): void {
    const now = Date.now();
    if (now - (this.lastTouched.get(hash) ?? 0) < TOUCH_INTERVAL_MS) return;
    this.lastTouched.set(hash, now);
    this.pendingTouches.set(hash, { kind: principal.credential.kind, id: principal.credential.id, at: new Date(now) });
  }

  async flushTouches(): Promise<void> {
    if (this.pendingTouches.size === 0) return;
    const touches = [...this.pendingTouches.values()];
    this.pendingTouches.clear();
    if (this.lastTouched.size > 100_000) this.lastTouched.clear();
    const ops = (kind: CredentialKind): AnyBulkWriteOperation<Session>[] =>
      touches.filter((touch) => touch.kind === kind).map((touch) => ({ updateOne: { filter: { _id: touch.id }, update: { $max: { lastUsedAt: touch.at } } } }));
    try {
      const sessionOps = ops('session');
      const tokenOps = ops('api_token');
      if (sessionOps.length) await this.sessions.bulkWrite(sessionOps, { ordered: false });
      if (tokenOps.length) await this.apiTokens.bulkWrite(tokenOps as AnyBulkWriteOperation<ApiToken>[], { ordered: false });
    } catch (error) {
      this.logger.warn(`could not record token last-use times: ${(error as Error).message}`);
    }
  }
}
