import { parse as parseCookies } from 'cookie';
import type { Request } from 'express';

/**
 * The credential a request carries, as an `Authorization` header value: the request's own
 * header, or one made from the session cookie. Either way passport-http-bearer's strategy is
 * the one parser of the token (see the authentication guard).
 */
export interface PresentedCredential {
  via: 'bearer' | 'cookie';
  authorization: string;
}

const PRESENTED = Symbol('presented-credential');
type RequestWithCredential = Request & { [PRESENTED]?: PresentedCredential | null };

/**
 * The Authorization header wins over the cookie. The Cookie header is parsed here, only when
 * there is no Authorization header (no cookie middleware: API clients, the bulk of the traffic,
 * never pay for it). Read once per request: the rate limiter and the auth guard both ask.
 * Credentials anywhere else (an `access_token` in the query or the body) are never read.
 */
export function presentedCredential(request: Request, cookieName: string): PresentedCredential | undefined {
  const memo = request as RequestWithCredential;
  if (memo[PRESENTED] === undefined) memo[PRESENTED] = readCredential(request, cookieName) ?? null;
  return memo[PRESENTED] ?? undefined;
}

function readCredential(request: Request, cookieName: string): PresentedCredential | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) return { via: 'bearer', authorization: header };
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader) return undefined;
  const cookie = parseCookies(cookieHeader)[cookieName];
  return cookie ? { via: 'cookie', authorization: `Bearer ${cookie}` } : undefined;
}
