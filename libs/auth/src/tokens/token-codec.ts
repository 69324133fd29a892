import { hash, randomBytes } from 'node:crypto';

export type CredentialKind = 'session' | 'api_token';

const PREFIXES: Record<CredentialKind, string> = { session: 'sess_', api_token: 'atk_' };
// 32 random bytes = 256 bits, base64url without padding = 43 characters.
const BODY = /^[A-Za-z0-9_-]{43}$/;

export function generateToken(kind: CredentialKind): string {
  return PREFIXES[kind] + randomBytes(32).toString('base64url');
}

/** Node's one-shot hash: no Hash stream object per call (it runs on every authenticated request). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * Which kind of credential a string claims to be. Anything else (legacy JWTs included) is
 * refused without touching the database.
 */
export function classifyToken(token: string): CredentialKind | undefined {
  for (const kind of Object.keys(PREFIXES) as CredentialKind[]) {
    const prefix = PREFIXES[kind];
    if (token.startsWith(prefix) && BODY.test(token.slice(prefix.length))) return kind;
  }
  return undefined;
}
