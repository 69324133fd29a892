import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** What a middleware did to a response's headers: removed these, then set those. */
export interface RecordedHeaders {
  readonly removed: readonly string[];
  readonly set: ReadonlyArray<readonly [name: string, value: OutgoingHttpHeader]>;
}

/**
 * Runs a header-setting middleware once against a response that only records, for a request of
 * the given method and headers, so that every request of that kind gets the same headers by a
 * loop instead of the middleware's per-request work (its options read again, a function per
 * header: docs/performance.md, "The request path, layer by layer"). Only for middleware whose headers
 * depend on nothing but what is given here; one that answers the request itself is refused.
 */
export function recordHeaders(middleware: Middleware, request: { method?: string; headers?: IncomingMessage['headers'] } = {}): RecordedHeaders {
  const set = new Map<string, [string, OutgoingHttpHeader]>();
  const removed: string[] = [];
  const response = {
    statusCode: 200,
    setHeader(name: string, value: OutgoingHttpHeader) {
      set.set(name.toLowerCase(), [name, value]);
      return response;
    },
    getHeader: (name: string) => set.get(name.toLowerCase())?.[1],
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name);
    },
    end() {
      throw new Error('recordHeaders: the middleware answered the request itself');
    },
  };
  let passed = false;
  middleware({ method: request.method ?? 'GET', headers: request.headers ?? {} } as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error('recordHeaders: the middleware failed', { cause: error });
    passed = true;
  });
  if (!passed) throw new Error('recordHeaders: the middleware did not pass the request on at once');
  return { removed, set: [...set.values()] };
}

export function applyHeaders(res: ServerResponse, headers: RecordedHeaders): void {
  for (const name of headers.removed) res.removeHeader(name);
  for (const [name, value] of headers.set) res.setHeader(name, value);
}
