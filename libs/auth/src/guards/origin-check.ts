import type { Request } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Cookie-authenticated writes must come from the web app's own origins (CSRF defence on top of
 * SameSite=Lax). Browsers always send Origin on cross-site writes; Referer is the fallback.
 */
export function isAllowedCookieRequest(request: Request, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  return origin !== undefined && allowedOrigins.includes(origin);
}
