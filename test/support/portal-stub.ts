import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PaymentStatus, PortalInvoice } from '@app/integrations';
import { listenOnLoopback, stopServer } from './local-server';

/**
 * A local HTTP server speaking the billing-and-support portal contract (DESIGN.md): the external
 * system our client calls, for e2e tests and the benchmark. It records every request it gets.
 * Modes: `ok`; `hang` (accepts and never answers); `error` (500); `malformed` (200, broken body);
 * and `resetNext` drops the connection of the next requests.
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
  requests: PortalStubRequest[];
  /** Invoices answered for a client, filtered by issue date. */
  setInvoices(clientId: string, invoices: PortalInvoice[]): void;
  /** Requests to a path prefix (e.g. `/tickets`). */
  requestsTo(prefix: string): PortalStubRequest[];
  close(): Promise<void>;
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
  const stub: PortalStub = {
    url: '',
    token,
    mode: 'ok',
    resetNext: 0,
    requests: [],
    setInvoices: (clientId, list) => void invoices.set(clientId, list),
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
    if (stub.mode === 'hang') return;
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
    if (req.method === 'POST' && url.pathname === '/tickets') return createTicket(res, body);
    return send(res, 404, { error: 'not found' });
  });

  stub.url = await listenOnLoopback(server);
  return stub;
}

function createTicket(res: ServerResponse, body: unknown): void {
  const input = body as { title?: unknown; description?: unknown; category?: unknown; clientId?: unknown; author?: { name?: unknown; email?: unknown }; origin?: unknown };
  const texts = [input?.title, input?.description, input?.category, input?.clientId, input?.author?.name, input?.author?.email, input?.origin];
  if (!texts.every((value) => typeof value === 'string' && value.length > 0)) return send(res, 400, { error: 'invalid ticket' });
  const now = new Date().toISOString();
  send(res, 201, {
    ticket: {
      id: randomUUID(),
      title: input.title,
      description: input.description,
      status: { id: 1, name: 'Abierto' },
      category: input.category,
      authorName: input.author!.name,
      // Members beyond the spec's ticket, which our API must not pass on.
      authorEmail: input.author!.email,
      clientId: input.clientId,
      origin: input.origin,
      internalPriority: 'p3',
      commentsCount: 0,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
      comments: [],
    },
  });
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
