import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A caller's `X-Request-Id` is kept when it is a plain token (so ids can be correlated across
 * services), otherwise one is generated; either way it is echoed in the response header.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const offered = req.headers[REQUEST_ID_HEADER];
  const id = typeof offered === 'string' && ACCEPTED_REQUEST_ID.test(offered) ? offered : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

declare module 'http' {
  interface IncomingMessage {
    /** Set by the request-logging middleware, first in the stack. */
    id?: string;
  }
}
