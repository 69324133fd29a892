import { randomUUID } from 'node:crypto';
import type { PortalClientTicket, PortalTicketComment } from '@app/integrations';

/** A ticket as the portal keeps it: the spec's shape plus `clientId` and members our API must drop. */
export interface StoredTicket extends PortalClientTicket {
  authorEmail: string;
  origin: string;
  internalPriority: string;
}

/** A comment is kept as the spec shows it. */
export type StoredComment = PortalTicketComment;

export interface TicketInput {
  title: string;
  description: string;
  category: string;
  clientId: string;
  author: { name: string; email: string };
  origin: string;
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The body of `POST /tickets` when every field the contract names is a non-empty string. */
export function asTicketInput(body: unknown): TicketInput | undefined {
  const input = body as Partial<TicketInput> | undefined;
  const fields = [input?.title, input?.description, input?.category, input?.clientId, input?.author?.name, input?.author?.email, input?.origin];
  return fields.every(text) ? (input as TicketInput) : undefined;
}

export function newTicket(input: TicketInput, at = new Date()): StoredTicket {
  const now = at.toISOString();
  return {
    id: randomUUID(),
    title: input.title,
    description: input.description,
    status: { id: 1, name: 'Abierto' },
    category: input.category,
    authorName: input.author.name,
    authorEmail: input.author.email,
    clientId: input.clientId,
    origin: input.origin,
    internalPriority: 'p3',
    commentsCount: 0,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
    comments: [],
  };
}

export function addComment(ticket: StoredTicket, content: string, author: { name: string }, authorRole: string, at = new Date()): StoredComment {
  const comment = { id: randomUUID(), ticketId: ticket.id, authorName: author.name, authorRole, content, createdAt: at.toISOString() };
  ticket.comments.push(comment);
  ticket.commentsCount = ticket.comments.length;
  ticket.updatedAt = comment.createdAt;
  return comment;
}

/** Three tickets of a demo client, one closed, with a conversation between the client and support. */
export function demoTickets(clientId: string, now = Date.now()): StoredTicket[] {
  const days = (n: number) => new Date(now - n * 86_400_000);
  const author = { name: 'Demo Admin', email: 'admin@demo.invalid' };
  const base = { clientId, author, origin: 'fleet-platform' };
  const gps = newTicket({ ...base, title: 'GPS sin señal en camión 12', description: 'El equipo no reporta posiciones desde ayer.', category: 'gps' }, days(6));
  addComment(gps, 'Revisamos el equipo: la antena estaba desconectada.', { name: 'Soporte' }, 'support', days(5));
  addComment(gps, 'Gracias, ya vuelve a reportar.', author, 'client', days(4));
  Object.assign(gps, { status: { id: 3, name: 'Cerrado' }, closedAt: days(4).toISOString() });
  const invoice = newTicket({ ...base, title: 'Factura duplicada', description: 'La factura de este mes aparece dos veces.', category: 'billing' }, days(2));
  addComment(invoice, 'Lo estamos revisando con facturación.', { name: 'Soporte' }, 'support', days(1));
  const access = newTicket(
    { ...base, title: 'Nuevo usuario para bodega', description: 'Necesitamos un acceso de solo lectura.', category: 'account' },
    days(1),
  );
  return [gps, invoice, access];
}

/** The list view of the contract: newest first, without comments. */
export function withoutComments(ticket: StoredTicket): Omit<StoredTicket, 'comments'> {
  const { comments: _comments, ...rest } = ticket;
  return rest;
}
