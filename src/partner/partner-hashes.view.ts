/** A signed, time-limited sign-in at the partner tracking platform. */
export class PartnerHashesView {
  /** The user's login at the partner platform. */
  login: string;
  /** Always `HMAC-SHA256`. */
  algorithm: string;
  /** Unix seconds at signing; part of the signed payload. */
  timestamp: number;
  /** When the partner stops accepting the hash (5 minutes after `timestamp`). */
  expiresAt: Date;
  /** Hex HMAC-SHA256 of `${login}:${timestamp}` with the shared secret. */
  hash: string;
  /** Ready-to-open sign-in URL: `PARTNER_PLATFORM_URL?login=…&ts=…&hash=…`. */
  authUrl: string;
}
