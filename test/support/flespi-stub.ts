import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { listenOnLoopback, stopServer } from './local-server';

/**
 * A local HTTP server that answers like flespi's REST API for the calls the platform makes:
 * `GET /gw/devices/{id}/messages?data={from,to,fields,limit}` (messages in time order, only the
 * fields asked, at most `limit`), `GET /gw/devices/{ids}/telemetry` (the latest value of each
 * parameter) and `GET /gw/calcs/{sel}/devices/{id}/intervals/{id}`.
 * Requires `Authorization: FlespiToken {token}`. `mode` makes it fail or hang.
 */
export interface FlespiStub {
  url: string;
  token: string;
  messages: Map<number, Array<Record<string, unknown> & { timestamp: number }>>;
  intervals: Map<string, Record<string, unknown>>;
  requests: Array<{ path: string; data?: Record<string, unknown>; authorization?: string }>;
  mode: 'ok' | 'error' | 'hang';
  close(): Promise<void>;
}

export async function startFlespiStub(token = 'flespi-test-token'): Promise<FlespiStub> {
  const stub: Omit<FlespiStub, 'url' | 'close'> = { token, messages: new Map(), intervals: new Map(), requests: [], mode: 'ok' };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const data = url.searchParams.has('data') ? (JSON.parse(url.searchParams.get('data')!) as Record<string, unknown>) : undefined;
    stub.requests.push({ path: url.pathname, data, authorization: req.headers.authorization });
    if (stub.mode === 'hang') return; // never answered; stopServer drops the connection
    if (stub.mode === 'error') return answer(res, 503, { errors: [{ reason: 'service unavailable' }] });
    if (req.headers.authorization !== `FlespiToken ${token}`) return answer(res, 401, { errors: [{ code: 1, reason: 'Invalid token' }] });

    const messages = /^\/gw\/devices\/(\d+)\/messages$/.exec(url.pathname);
    if (messages && data) {
      const fields = typeof data.fields === 'string' ? data.fields.split(',') : undefined;
      const from = Number(data.from ?? 0);
      const to = Number(data.to ?? Infinity);
      const limit = Number(data.limit ?? Infinity);
      const result = (stub.messages.get(Number(messages[1])) ?? [])
        .filter((m) => m.timestamp >= from && m.timestamp <= to)
        .sort((a, b) => a.timestamp - b.timestamp)
        .slice(0, limit)
        .map((m) => (fields ? Object.fromEntries(Object.entries(m).filter(([key]) => fields.includes(key))) : m));
      return answer(res, 200, { result });
    }
    const telemetry = /^\/gw\/devices\/([\d,]+)\/telemetry$/.exec(url.pathname);
    if (telemetry) {
      // The latest value of each parameter, from the device's messages (flespi keeps them per parameter).
      const result = telemetry[1]
        .split(',')
        .map(Number)
        .filter((id) => stub.messages.has(id))
        .map((id) => {
          const latest: Record<string, { value: unknown; ts: number }> = {};
          for (const m of [...stub.messages.get(id)!].sort((a, b) => a.timestamp - b.timestamp)) {
            for (const [key, value] of Object.entries(m)) latest[key] = { value, ts: m.timestamp };
          }
          return { id, telemetry: latest };
        });
      return answer(res, 200, { result });
    }
    const interval = /^\/gw\/calcs\/[^/]+\/devices\/(\d+)\/intervals\/(\d+)$/.exec(url.pathname);
    if (interval) {
      const found = stub.intervals.get(`${interval[1]}:${interval[2]}`);
      return answer(res, 200, { result: found ? [found] : [] });
    }
    answer(res, 404, { errors: [{ reason: 'not found' }] });
  };

  const server: Server = createServer(handle);
  const url = await listenOnLoopback(server);
  return Object.assign(stub, { url, close: () => stopServer(server) });
}
