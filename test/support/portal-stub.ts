import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PaymentStatus, PortalInvoice } from '@app/integrations';
import { listenOnLoopback, stopServer } from './local-server';

/**
 * A local HTTP server speaking the billing-and-support portal contract (DESIGN.md): the external
 * system our client calls, for e2e tests and the benchmark. It records every request it gets.
 * Modes: `ok`; `hang` (accepts and never answers); `error` (500); `malformed` (200, broken body);
 * and `resetNext` drops the connection of the next requests. Tickets (created, or put with
 * `addTicket`) are kept per stub and answered by the read and comment calls of the contract.
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
  mode: PortalStubMode;
  /** How many of the next requests get their connection destroyed without an answer (ECONNRESET). */
  resetNext: number;
  /** Paths that get no answer at all (a hang on one call only, e.g. a ticket's comments). */
  hangPaths: string[];
  requests: PortalStubRequest[];
  /** Invoices answered for a client, filtered by issue date. */
  setInvoices(clientId: string, invoices: PortalInvoice[]): void;
  /** Stores a ticket as the portal would hold it (with `clientId` and comments); returns it. */
  addTicket(ticket: Partial<StubTicket> & { clientId: string }): StubTicket;
  /** The stored ticket of that id. */
  ticket(id: string): StubTicket | undefined;
  /** Requests to a path prefix (e.g. `/tickets`). */
  requestsTo(prefix: string): PortalStubRequest[];
  close(): Promise<void>;
}

export interface StubTicket {
  id: string;
  clientId: string;
  title: string;
  description: string;
  status: { id: number; name: string };
  category: string;
  authorName: string;
  commentsCount: number;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  comments: { id: string; ticketId: string; authorName: string; authorRole: string; content: string; createdAt: string }[];
  [extra: string]: unknown;
}

const STATUSES: PaymentStatus[] = ['Pagada', 'Pendiente', 'Vencida', 'Sin cobro'];

/** `count` invoices issued in January 2026, payment statuses in turn, amounts with 19% VAT. */
export function buildInvoices(count: number, options: { folioPrefix?: string; month?: string } = {}): PortalInvoice[] {
  const month = options.month ?? '2026-01';
  return Array.from({ length: count }, (_, i) => {
    const net = 10_000 + i * 1_234;
    const vat = Math.round(net * 0.19);
    const day = String(1 + (i % 28)).padStart(2, '0');
    return {
      folio: `${options.folioPrefix ?? 'F-'}${1000 + i}`,
      paymentStatus: STATUSES[i % STATUSES.length],
      issueDate: `${month}-${day}`,
      dueDate: `${month}-${day}`.replace(/-(\d\d)-/, (_m, m) => `-${String(Number(m) + 1).padStart(2, '0')}-`),
      net,
      vat,
      total: net + vat,
    };
  });
}

export async function startPortalStub(token = 'portal-test-token'): Promise<PortalStub> {
  const invoices = new Map<string, PortalInvoice[]>();
  const tickets = new Map<string, StubTicket>();
  const addTicket = (input: Partial<StubTicket> & { clientId: string }): StubTicket => {
    const now = new Date().toISOString();
    const ticket: StubTicket = {
      id: randomUUID(), title: 'Ticket', description: 'Descripción', status: { id: 1, name: 'Abierto' }, category: 'technical',
      authorName: 'Autor', createdAt: now, updatedAt: now, closedAt: null, comments: [], ...input, commentsCount: 0,
    };
    ticket.commentsCount = ticket.comments.length;
    tickets.set(ticket.id, ticket);
    return ticket;
  };
  const stub: PortalStub = {
    url: '',
    token,
    mode: 'ok',
    resetNext: 0,
    hangPaths: [],
    requests: [],
    setInvoices: (clientId, list) => void invoices.set(clientId, list),
    addTicket,
    ticket: (id) => tickets.get(id),
    requestsTo: (prefix) => stub.requests.filter((r) => r.path.startsWith(prefix)),
    close: () => stopServer(server),
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const body = await readJson(req);
    stub.requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });
    if (stub.resetNext > 0) {
      stub.resetNext -= 1;
      return void req.socket.destroy();
    }
    if (stub.mode === 'hang' || stub.hangPaths.includes(url.pathname)) return;
    if (stub.mode === 'error') return send(res, 500, { error: 'internal' });
    if (stub.mode === 'malformed') return send(res, 200, { unexpected: true });
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { error: 'unauthorized' });

    const invoiceMatch = /^\/clients\/([^/]+)\/invoices$/.exec(url.pathname);
    if (req.method === 'GET' && invoiceMatch) {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      const list = (invoices.get(decodeURIComponent(invoiceMatch[1])) ?? []).filter((i) => i.issueDate >= from && i.issueDate <= to);
      return send(res, 200, { invoices: list });
    }
    if (req.method === 'POST' && url.pathname === '/tickets') return createTicket(res, body, addTicket);
    if (req.method === 'GET' && url.pathname === '/tickets') {
      // The contract: the client's tickets, newest first, without comments; the filters as given.
      const { clientId, status, category } = Object.fromEntries(url.searchParams);
      const list = [...tickets.values()]
        .filter((t) => t.clientId === clientId && (status === undefined || String(t.status.id) === status) && (category === undefined || t.category === category))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(({ comments: _comments, ...rest }) => rest);
      return send(res, 200, { tickets: list });
    }
    const ticketMatch = /^\/tickets\/([^/]+)(\/comments)?$/.exec(url.pathname);
    const ticket = ticketMatch ? tickets.get(decodeURIComponent(ticketMatch[1])) : undefined;
    if (ticketMatch && !ticket) return send(res, 404, { error: 'ticket not found' });
    if (req.method === 'GET' && ticket && !ticketMatch![2]) return send(res, 200, { ticket });
    if (req.method === 'POST' && ticket && ticketMatch![2]) return addComment(res, ticket, body);
    return send(res, 404, { error: 'not found' });
  });

  stub.url = await listenOnLoopback(server);
  return stub;
}

function addComment(res: ServerResponse, ticket: StubTicket, body: unknown): void {
  const input = body as { content?: unknown; author?: { name?: unknown; email?: unknown }; authorRole?: unknown };
  const texts = [input?.content, input?.author?.name, input?.author?.email];
  if (!texts.every((value) => typeof value === 'string' && value.length > 0) || input.authorRole !== 'client') return send(res, 400, { error: 'invalid comment' });
  const comment = { id: randomUUID(), ticketId: ticket.id, authorName: input.author!.name as string, authorRole: 'client', content: input.content as string, createdAt: new Date().toISOString() };
  ticket.comments.push(comment);
  ticket.commentsCount = ticket.comments.length;
  // A member beyond the spec's comment, which our API must not pass on.
  send(res, 201, { comment: { ...comment, authorEmail: input.author!.email } });
}

function createTicket(res: ServerResponse, body: unknown, store: (ticket: Partial<StubTicket> & { clientId: string }) => StubTicket): void {
  const input = body as { title?: unknown; description?: unknown; category?: unknown; clientId?: unknown; author?: { name?: unknown; email?: unknown }; origin?: unknown };
  const texts = [input?.title, input?.description, input?.category, input?.clientId, input?.author?.name, input?.author?.email, input?.origin];
  if (!texts.every((value) => typeof value === 'string' && value.length > 0)) return send(res, 400, { error: 'invalid ticket' });
  const ticket = store({
    title: input.title as string,
    description: input.description as string,
    category: input.category as string,
    authorName: input.author!.name as string,
    clientId: input.clientId as string,
    // Members beyond the spec's ticket, which our API must not pass on.
    authorEmail: input.author!.email,
    origin: input.origin,
    internalPriority: 'p3',
  });
  send(res, 201, { ticket });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
