import { createServer, IncomingMessage, request as httpRequest, ServerResponse } from 'node:http';
import { listenOnLoopback, stopServer } from './local-server';

export type FaultMode = 'pass' | 'slow' | 'hang' | 'garbage' | 'close';

export interface FaultProxy {
  url: string;
  mode: FaultMode;
  /** Delay before forwarding in `slow` mode. */
  slowMs: number;
  /** Requests received, by `METHOD /path` (counts every mode, so retries show up). */
  received: string[];
  count(method: string, pathPrefix: string): number;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of an external system's stub that misbehaves on demand: forwards
 * (`pass`), forwards late (`slow`), never answers (`hang`), answers 200 with bytes that are not
 * the contract (`garbage`), or drops the connection (`close`).
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const proxy: Omit<FaultProxy, 'url' | 'close'> = {
    mode: 'pass',
    slowMs: 300,
    received: [],
    count(method, pathPrefix) {
      return this.received.filter((entry) => entry.startsWith(`${method} ${pathPrefix}`)).length;
    },
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const upstream = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      proxy.received.push(`${req.method} ${req.url}`);
      const body = Buffer.concat(chunks);
      switch (proxy.mode) {
        case 'pass':
          return forward(req, res, body);
        case 'slow':
          return void setTimeout(() => forward(req, res, body), proxy.slowMs);
        case 'hang':
          return; // never answered; stopServer drops the connection
        case 'garbage':
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end('<html>502 Bad Gateway</html>\u0000{"half":');
        case 'close':
          return req.socket.destroy();
      }
    });
  });
  const url = await listenOnLoopback(server);
  return {
    ...proxy,
    get mode() {
      return proxy.mode;
    },
    set mode(mode: FaultMode) {
      proxy.mode = mode;
    },
    get slowMs() {
      return proxy.slowMs;
    },
    set slowMs(ms: number) {
      proxy.slowMs = ms;
    },
    url,
    close: () => stopServer(server),
  };
}
