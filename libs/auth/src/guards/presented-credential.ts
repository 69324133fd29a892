import type { Request } from 'express';

export interface PresentedCredential {
  via: 'bearer' | 'cookie';
  token: string;
}

/** The credential a request carries: the Authorization header wins over the cookie. */
export function presentedCredential(request: Request, cookieName: string): PresentedCredential | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return { via: 'bearer', token: match?.[1] ?? '' };
  }
  const cookie = (request.cookies as Record<string, unknown> | undefined)?.[cookieName];
  return typeof cookie === 'string' && cookie.length > 0 ? { via: 'cookie', token: cookie } : undefined;
}
