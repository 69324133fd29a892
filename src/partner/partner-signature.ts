import { createHmac } from 'node:crypto';

/** How long a signed partner login is accepted by the partner platform. */
export const PARTNER_LOGIN_TTL_SECONDS = 300;

export interface PartnerLoginInput {
  login: string;
  secret: string;
  /** The partner platform's sign-in entry point (`PARTNER_PLATFORM_URL`). */
  platformUrl: string;
  now: Date;
}

export interface SignedPartnerLogin {
  login: string;
  algorithm: 'HMAC-SHA256';
  /** Unix seconds at signing: part of the signed payload. */
  timestamp: number;
  expiresAt: Date;
  /** Lower-case hex HMAC-SHA256 of `${login}:${timestamp}` under the shared secret. */
  hash: string;
  /** `platformUrl` with `login`, `ts` and `hash` added to its query: open it to sign in there. */
  authUrl: string;
}

/**
 * Signs a partner-platform login: the partner recomputes the HMAC with the shared secret,
 * compares in constant time, and accepts it while `timestamp` is under 5 minutes old.
 */
export function signPartnerLogin({ login, secret, platformUrl, now }: PartnerLoginInput): SignedPartnerLogin {
  const timestamp = Math.floor(now.getTime() / 1000);
  const hash = createHmac('sha256', secret).update(`${login}:${timestamp}`, 'utf8').digest('hex');
  const url = new URL(platformUrl);
  url.searchParams.set('login', login);
  url.searchParams.set('ts', String(timestamp));
  url.searchParams.set('hash', hash);
  return {
    login,
    algorithm: 'HMAC-SHA256',
    timestamp,
    expiresAt: new Date((timestamp + PARTNER_LOGIN_TTL_SECONDS) * 1000),
    hash,
    authUrl: url.toString(),
  };
}
