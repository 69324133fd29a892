import type { ServerResponse } from 'node:http';
import { sendJson } from './local-server';
import { PortalRecords } from './portal-records';
import { addComment, asTicketInput, newTicket, withoutComments } from './portal-tickets';

/** A request that reached the portal's routes: authenticated, its body read. */
export interface PortalRequest {
  method: string | undefined;
  url: URL;
  query: Record<string, string>;
  body: unknown;
}

/** Answers a request by the portal contract's routes (invoices, tickets, ticket comments); 404 for any other. */
export function answerPortalRoute(records: PortalRecords, req: PortalRequest, res: ServerResponse): void {
  const invoiceMatch = /^\/clients\/([^/]+)\/invoices$/.exec(req.url.pathname);
  if (req.method === 'GET' && invoiceMatch) {
    const [from, to] = [req.query.from ?? '', req.query.to ?? ''];
    const list = records.invoicesOf(decodeURIComponent(invoiceMatch[1])).filter((i) => i.issueDate >= from && i.issueDate <= to);
    return sendJson(res, 200, { invoices: list });
  }
  if (req.url.pathname === '/tickets' && (req.method === 'POST' || req.method === 'GET')) return answerTickets(records, req, res);
  const ticketMatch = /^\/tickets\/([^/]+)(\/comments)?$/.exec(req.url.pathname);
  const ticket = ticketMatch ? records.tickets.get(decodeURIComponent(ticketMatch[1])) : undefined;
  if (ticketMatch && !ticketMatch[2] && req.method === 'GET') return ticket ? sendJson(res, 200, { ticket }) : sendJson(res, 404, { error: 'not found' });
  if (ticketMatch?.[2] && req.method === 'POST') {
    if (!ticket) return sendJson(res, 404, { error: 'not found' });
    const input = req.body as { content?: unknown; author?: { name?: unknown; email?: unknown }; authorRole?: unknown } | undefined;
    const texts = [input?.content, input?.author?.name, input?.author?.email];
    if (!texts.every((value) => typeof value === 'string' && value.length > 0) || input?.authorRole !== 'client')
      return sendJson(res, 400, { error: 'invalid comment' });
    const comment = addComment(ticket, input.content as string, { name: input.author!.name as string }, 'client');
    // A member beyond the spec's comment, which our API must not pass on.
    return sendJson(res, 201, { comment: { ...comment, authorEmail: input.author!.email } });
  }
  return sendJson(res, 404, { error: 'not found' });
}

/** `POST /tickets` opens a ticket; `GET /tickets` lists a client's, newest first, without their comments. */
function answerTickets(records: PortalRecords, { method, query, body }: PortalRequest, res: ServerResponse): void {
  if (method === 'POST') {
    const input = asTicketInput(body);
    if (!input) return sendJson(res, 400, { error: 'invalid ticket' });
    records.seedTickets(input.clientId);
    const ticket = newTicket(input);
    records.tickets.set(ticket.id, ticket);
    return sendJson(res, 201, { ticket });
  }
  if (!query.clientId) return sendJson(res, 400, { error: 'clientId is required' });
  records.seedTickets(query.clientId);
  const list = [...records.tickets.values()]
    .filter(
      (t) => t.clientId === query.clientId && (!query.status || String(t.status.id) === query.status) && (!query.category || t.category === query.category),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(withoutComments);
  return sendJson(res, 200, { tickets: list });
}
