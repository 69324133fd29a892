import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PortalInvoice } from '@app/integrations';
import { listenOnLoopback, readJson, sendJson, stopServer } from './local-server';
import { PortalRecords } from './portal-records';
import { answerPortalRoute } from './portal-routes';
import type { StoredTicket } from './portal-tickets';

export type { StoredTicket as StubTicket } from './portal-tickets';

/**
 * A local HTTP server speaking the billing-and-support portal contract (DESIGN.md, "The
 * billing-and-support portal contract"). `npm start` runs it as the demo's portal (`demo: true`:
 * every client has invoices over the last two years and three tickets with comments); the tests
 * and the benchmark run it as their stub, empty, and use `mode`, `resetNext` and `requests` to
 * make it fail and to see what it received.
 */
export type PortalStubMode = 'ok' | 'hang' | 'error' | 'malformed';

export interface PortalStubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface PortalStub {
  url: string;
  token: string;
  /** `ok`; `hang` (accepts and never answers); `error` (500); `malformed` (200, broken body). */
  mode: PortalStubMode;
  /** How many of the next requests get their connection destroyed without an answer (ECONNRESET). */
  resetNext: number;
  /** Paths that get no answer at all (a hang on one call only, e.g. a ticket's comments). */
  hangPaths: string[];
  requests: PortalStubRequest[];
  /** Invoices answered for a client, filtered by issue date. */
  setInvoices(clientId: string, invoices: PortalInvoice[]): void;
  /** Stores a ticket as the portal holds it (with `clientId`, comments and members beyond the spec); returns it. */
  addTicket(ticket: Partial<StoredTicket> & { clientId: string; [extra: string]: unknown }): StoredTicket;
  /** The stored ticket of that id. */
  ticket(id: string): StoredTicket | undefined;
  /** Requests to a path prefix (e.g. `/tickets`). */
  requestsTo(prefix: string): PortalStubRequest[];
  close(): Promise<void>;
}

export interface PortalStandInOptions {
  token?: string;
  /** Demo data for every client; off for the tests' stub, which starts empty. */
  demo?: boolean;
  /** Keep every request in `requests` (the tests); the demo keeps none. */
  record?: boolean;
}

export async function startPortalStandIn(options: PortalStandInOptions = {}): Promise<PortalStub> {
  const token = options.token ?? 'portal-test-token';
  const records = new PortalRecords(options.demo ?? false);
  const record = options.record ?? !options.demo;
  const stub: PortalStub = {
    url: '',
    token,
    mode: 'ok',
    resetNext: 0,
    hangPaths: [],
    requests: [],
    setInvoices: (clientId, list) => records.setInvoices(clientId, list),
    addTicket: (input) => records.addTicket(input),
    ticket: (id) => records.tickets.get(id),
    requestsTo: (prefix) => stub.requests.filter((r) => r.path.startsWith(prefix)),
    close: () => stopServer(server),
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://portal');
    const body = await readJson(req);
    const query = Object.fromEntries(url.searchParams);
    if (record) stub.requests.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, body });
    if (failedAsSet(stub, req, res, url)) return;
    if (req.headers.authorization !== `Bearer ${token}`) return sendJson(res, 401, { error: 'unauthorized' });
    answerPortalRoute(records, { method: req.method, url, query, body }, res);
  };
  const server: Server = createServer((req, res) => void handle(req, res));

  stub.url = await listenOnLoopback(server);
  return stub;
}

/**
 * Fails the request as the stub is set to (`resetNext`, `mode`, `hangPaths`): its connection
 * destroyed, left hanging or answered badly. Answers whether it did.
 */
function failedAsSet(stub: PortalStub, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (stub.resetNext > 0) {
    stub.resetNext -= 1;
    req.socket.destroy();
    return true;
  }
  if (stub.mode === 'hang' || stub.hangPaths.includes(url.pathname)) return true;
  if (stub.mode === 'error') {
    sendJson(res, 500, { error: 'internal' });
    return true;
  }
  if (stub.mode === 'malformed') {
    sendJson(res, 200, { unexpected: true });
    return true;
  }
  return false;
}
