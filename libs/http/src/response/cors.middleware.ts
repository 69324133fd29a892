import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { applyHeaders, RecordedHeaders, recordHeaders } from './recorded-headers';

export interface CorsSettings {
  /** The web app's origins, allowed with credentials (the session cookie). */
  origins: readonly string[];
  /** Response headers a browser script may read. */
  exposedHeaders: readonly string[];
}

/**
 * CORS with the `cors` package. Its headers on an ordinary request depend only on the Origin, so
 * they are recorded once per allowed origin (and once for a request without one) and replayed;
 * preflights and origins not allowed go through the package on every request (an attacker's
 * origins are not kept).
 */
export function corsHeaders({ origins, exposedHeaders }: CorsSettings): RequestHandler {
  const library = cors({ origin: [...origins], credentials: true, exposedHeaders: [...exposedHeaders] });
  const allowed = new Set(origins);
  const recorded = new Map<string, RecordedHeaders>();
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin ?? '';
    if (req.method === 'OPTIONS' || (origin !== '' && !allowed.has(origin))) return library(req, res, next);
    let headers = recorded.get(origin);
    if (!headers) {
      headers = recordHeaders(library, { method: req.method, headers: origin ? { origin } : {} });
      recorded.set(origin, headers);
    }
    applyHeaders(res, headers);
    next();
  };
}
