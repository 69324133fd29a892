import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { HelmetOptions } from 'helmet';
import { applyHeaders, recordHeaders } from './recorded-headers';

/** helmet's options for JSON answers (see `securityHeaders`). */
export const API_HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * Security headers with helmet. JSON answers get the set OWASP's REST Security Cheat Sheet asks
 * of an API: a CSP that allows nothing and no framing, HSTS, `nosniff`, `X-Frame-Options: DENY`,
 * no referrer and same-origin resource policy (plus `Cache-Control: no-store`, see `noStore`).
 * The headers that only mean something for HTML documents are left out there, and kept, with
 * helmet's defaults, for the HTML pages under `htmlPathPrefix` (Swagger UI) — but for
 * `upgrade-insecure-requests`: served over plain HTTP on any address but localhost, it makes the
 * browser fetch the page's scripts over HTTPS, which fails, and Swagger UI stays blank. Where the
 * API runs behind TLS the page's assets are same-origin HTTPS anyway.
 */
export function securityHeaders(htmlPathPrefix: string): RequestHandler {
  // The API's set depends on nothing in the request: helmet computes it once, each answer gets it.
  const forApi = recordHeaders(helmet(API_HELMET_OPTIONS));
  const forHtml = helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith(htmlPathPrefix)) return forHtml(req, res, next);
    applyHeaders(res, forApi);
    next();
  };
}
