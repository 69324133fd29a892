import { Types } from 'mongoose';
import { AuthPrincipal } from '../context/auth-context';

interface Entry {
  principal: AuthPrincipal;
  cachedUntil: number;
}

/**
 * Verified credentials kept in memory for a few seconds, so that a busy token does not cost a
 * database round trip per request. Revocation on this instance evicts at once; other instances
 * notice within the entry lifetime (TOKEN_CACHE_TTL_SECONDS, 10 s by default).
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(tokenHash: string, now = Date.now()): AuthPrincipal | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const expires = entry.principal.credential.expiresAt?.getTime() ?? Infinity;
    if (entry.cachedUntil <= now || expires <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.principal;
  }

  set(tokenHash: string, principal: AuthPrincipal, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { principal, cachedUntil: now + this.ttlMs });
  }

  evict(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Drops every cached credential of a user (password change, deactivation). */
  evictUser(userId: Types.ObjectId): void {
    for (const [hash, entry] of this.entries) {
      if (entry.principal.userId.equals(userId)) this.entries.delete(hash);
    }
  }

  /** Drops every cached credential of the users holding a role (its permissions or protection changed). */
  evictRole(roleId: Types.ObjectId): void {
    for (const [hash, entry] of this.entries) {
      if (entry.principal.role.id.equals(roleId)) this.entries.delete(hash);
    }
  }
}
