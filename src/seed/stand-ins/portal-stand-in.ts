import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PortalInvoice } from '@app/integrations';
import { listenOnLoopback, readJson, sendJson, stopServer } from './local-server';
import { demoInvoices } from './portal-invoices';
import { addComment, asTicketInput, demoTickets, newTicket, StoredTicket, withoutComments } from './portal-tickets';

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
  const invoices = new Map<string, PortalInvoice[]>();
  const tickets = new Map<string, StoredTicket>();
  const seeded = new Set<string>();
  const record = options.record ?? !options.demo;
  const clientInvoices = (clientId: string) => invoices.get(clientId) ?? (options.demo ? demoInvoices() : []);
  const seedTickets = (clientId: string) => {
    if (!options.demo || seeded.has(clientId)) return;
    seeded.add(clientId);
    for (const ticket of demoTickets(clientId)) tickets.set(ticket.id, ticket);
  };

  const stub: PortalStub = {
    url: '',
    token,
    mode: 'ok',
    resetNext: 0,
    hangPaths: [],
    requests: [],
    setInvoices: (clientId, list) => void invoices.set(clientId, list),
    addTicket: (input) => {
      const ticket: StoredTicket = {
        ...newTicket({
          title: 'Ticket',
          description: 'Descripción',
          category: 'technical',
          clientId: input.clientId,
          author: { name: 'Autor', email: 'autor@demo.invalid' },
          origin: 'fleet-platform',
        }),
        ...input,
      };
      ticket.commentsCount = ticket.comments.length;
      tickets.set(ticket.id, ticket);
      return ticket;
    },
    ticket: (id) => tickets.get(id),
    requestsTo: (prefix) => stub.requests.filter((r) => r.path.startsWith(prefix)),
    close: () => stopServer(server),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://portal');
    const body = await readJson(req);
    const query = Object.fromEntries(url.searchParams);
    if (record) stub.requests.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, body });
    if (stub.resetNext > 0) {
      stub.resetNext -= 1;
      return void req.socket.destroy();
    }
    if (stub.mode === 'hang' || stub.hangPaths.includes(url.pathname)) return;
    if (stub.mode === 'error') return sendJson(res, 500, { error: 'internal' });
    if (stub.mode === 'malformed') return sendJson(res, 200, { unexpected: true });
    if (req.headers.authorization !== `Bearer ${token}`) return sendJson(res, 401, { error: 'unauthorized' });

    const invoiceMatch = /^\/clients\/([^/]+)\/invoices$/.exec(url.pathname);
    if (req.method === 'GET' && invoiceMatch) {
      const [from, to] = [query.from ?? '', query.to ?? ''];
      const list = clientInvoices(decodeURIComponent(invoiceMatch[1])).filter((i) => i.issueDate >= from && i.issueDate <= to);
      return sendJson(res, 200, { invoices: list });
    }
    if (req.method === 'POST' && url.pathname === '/tickets') {
      const input = asTicketInput(body);
      if (!input) return sendJson(res, 400, { error: 'invalid ticket' });
      seedTickets(input.clientId);
      const ticket = newTicket(input);
      tickets.set(ticket.id, ticket);
      return sendJson(res, 201, { ticket });
    }
    if (req.method === 'GET' && url.pathname === '/tickets') {
      if (!query.clientId) return sendJson(res, 400, { error: 'clientId is required' });
      seedTickets(query.clientId);
      const list = [...tickets.values()]
        .filter(
          (t) => t.clientId === query.clientId && (!query.status || String(t.status.id) === query.status) && (!query.category || t.category === query.category),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(withoutComments);
      return sendJson(res, 200, { tickets: list });
    }
    const ticketMatch = /^\/tickets\/([^/]+)(\/comments)?$/.exec(url.pathname);
    const ticket = ticketMatch ? tickets.get(decodeURIComponent(ticketMatch[1])) : undefined;
    if (ticketMatch && !ticketMatch[2] && req.method === 'GET') return ticket ? sendJson(res, 200, { ticket }) : sendJson(res, 404, { error: 'not found' });
    if (ticketMatch?.[2] && req.method === 'POST') {
      if (!ticket) return sendJson(res, 404, { error: 'not found' });
      const input = body as { content?: unknown; author?: { name?: unknown; email?: unknown }; authorRole?: unknown } | undefined;
      const texts = [input?.content, input?.author?.name, input?.author?.email];
      if (!texts.every((value) => typeof value === 'string' && value.length > 0) || input?.authorRole !== 'client')
        return sendJson(res, 400, { error: 'invalid comment' });
      const comment = addComment(ticket, input.content as string, { name: input.author!.name as string }, 'client');
      // A member beyond the spec's comment, which our API must not pass on.
      return sendJson(res, 201, { comment: { ...comment, authorEmail: input.author!.email } });
    }
    return sendJson(res, 404, { error: 'not found' });
  };
  const server: Server = createServer((req, res) => void handle(req, res));

  stub.url = await listenOnLoopback(server);
  return stub;
}
