import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '@app/config';
import { DomainException, ErrorCode } from '@app/errors';

interface Failures {
  count: number;
  lockedUntil: number;
  lastFailureAt: number;
}

/** A sign-in refused because the account is locked; the controller writes its Retry-After. */
export class LoginLockedOut extends DomainException {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.TooManyRequests, 'Too many failed sign-ins for this account, try again later');
  }
}

// A run of failures is forgotten after a day without one; the map never holds more than this.
const FORGET_AFTER_MS = 24 * 3_600_000;
const MAX_ACCOUNTS = 100_000;

/**
 * The per-account limit on failed sign-ins: the per-IP limit alone is beaten by a
 * guess spread over many addresses. Counted per email (normalized and hashed; unknown emails too,
 * so the answer does not tell which accounts exist), from any address: after
 * `LOGIN_LOCKOUT_THRESHOLD` failures in a row each further failure locks the account's sign-in for
 * `LOGIN_LOCKOUT_BASE_SECONDS × 2^(n − threshold)`, at most `LOGIN_LOCKOUT_MAX_SECONDS`; while
 * locked, sign-in answers 429 without checking the password. A success resets the count. Kept in
 * this instance's memory, like the other rate limits.
 */
@Injectable()
export class LoginFailureLimiter {
  private readonly accounts = new Map<string, Failures>();
  private readonly threshold: number;
  private readonly baseMs: number;
  private readonly maxMs: number;

  constructor(config: AppConfig) {
    this.threshold = config.get('LOGIN_LOCKOUT_THRESHOLD');
    this.baseMs = config.get('LOGIN_LOCKOUT_BASE_SECONDS') * 1000;
    this.maxMs = config.get('LOGIN_LOCKOUT_MAX_SECONDS') * 1000;
  }

  /** Throws `LoginLockedOut` while the account's sign-in is locked. */
  assertNotLocked(email: string, now = Date.now()): void {
    if (this.threshold === 0) return;
    const entry = this.accounts.get(key(email));
    if (entry && entry.lockedUntil > now) throw new LoginLockedOut(Math.max(1, Math.ceil((entry.lockedUntil - now) / 1000)));
  }

  recordFailure(email: string, now = Date.now()): void {
    if (this.threshold === 0) return;
    const id = key(email);
    const previous = this.accounts.get(id);
    const entry = previous && now - previous.lastFailureAt < FORGET_AFTER_MS ? previous : { count: 0, lockedUntil: 0, lastFailureAt: now };
    entry.count += 1;
    entry.lastFailureAt = now;
    if (entry.count >= this.threshold) {
      const doublings = Math.min(entry.count - this.threshold, 30);
      entry.lockedUntil = now + Math.min(this.baseMs * 2 ** doublings, this.maxMs);
    }
    this.accounts.delete(id);
    if (this.accounts.size >= MAX_ACCOUNTS) {
      const oldest = this.accounts.keys().next().value;
      if (oldest !== undefined) this.accounts.delete(oldest);
    }
    this.accounts.set(id, entry);
  }

  recordSuccess(email: string): void {
    this.accounts.delete(key(email));
  }
}

function key(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}
