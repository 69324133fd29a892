import { parse as parseCookies } from 'cookie';
import type { Request } from 'express';

export interface PresentedCredential {
  via: 'bearer' | 'cookie';
  token: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const PRESENTED = Symbol('presented-credential');
type RequestWithCredential = Request & { [PRESENTED]?: PresentedCredential | null };

/**
 * The credential a request carries: the Authorization header wins over the cookie. The Cookie
 * header is parsed here, only when there is no Authorization header (no cookie middleware:
 * API clients, the bulk of the traffic, never pay for it). Read once per request: the rate
 * limiter and the auth guard both ask.
 */
export function presentedCredential(request: Request, cookieName: string): PresentedCredential | undefined {
  const memo = request as RequestWithCredential;
  if (memo[PRESENTED] === undefined) memo[PRESENTED] = readCredential(request, cookieName) ?? null;
  return memo[PRESENTED] ?? undefined;
}

function readCredential(request: Request, cookieName: string): PresentedCredential | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) return { via: 'bearer', token: BEARER.exec(header)?.[1] ?? '' };
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader) return undefined;
  const cookie = parseCookies(cookieHeader)[cookieName];
  return cookie ? { via: 'cookie', token: cookie } : undefined;
}
