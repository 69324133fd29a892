import { PAYMENT_STATUSES, PaymentStatus, PortalInvoice, PortalTicket, PortalTicketComment } from './billing-portal.types';

/** The portal answered 2xx with a body that breaks the contract. */
export class MalformedPortalAnswer extends Error {
  constructor(detail: string) {
    super(`malformed portal answer: ${detail}`);
    this.name = 'MalformedPortalAnswer';
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function text(source: Json, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string') throw new MalformedPortalAnswer(`${where}.${key} is not a string`);
  return value;
}

function amount(source: Json, key: string, where: string): number {
  const value = source[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new MalformedPortalAnswer(`${where}.${key} is not a number`);
  return value;
}

function day(source: Json, key: string, where: string): string {
  const value = text(source, key, where);
  if (!ISO_DAY.test(value)) throw new MalformedPortalAnswer(`${where}.${key} is not YYYY-MM-DD`);
  return value;
}

/** `{invoices: [...]}` of `GET /clients/{id}/invoices`, each invoice checked field by field. */
export function parseInvoiceList(body: unknown): PortalInvoice[] {
  if (!isObject(body) || !Array.isArray(body.invoices)) throw new MalformedPortalAnswer('no invoices array');
  return body.invoices.map((item: unknown, index) => {
    const where = `invoices[${index}]`;
    if (!isObject(item)) throw new MalformedPortalAnswer(`${where} is not an object`);
    const status = item.paymentStatus;
    if (!PAYMENT_STATUSES.includes(status as PaymentStatus)) throw new MalformedPortalAnswer(`${where}.paymentStatus is unknown`);
    const folio = typeof item.folio === 'number' ? String(item.folio) : text(item, 'folio', where);
    return {
      folio,
      paymentStatus: status as PaymentStatus,
      issueDate: day(item, 'issueDate', where),
      dueDate: day(item, 'dueDate', where),
      net: amount(item, 'net', where),
      vat: amount(item, 'vat', where),
      total: amount(item, 'total', where),
    };
  });
}

function optionalDate(source: Json, key: string, where: string): string | null {
  const value = source[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new MalformedPortalAnswer(`${where}.${key} is not a date-time`);
  return new Date(value).toISOString();
}

function requiredDate(source: Json, key: string, where: string): string {
  const value = optionalDate(source, key, where);
  if (value === null) throw new MalformedPortalAnswer(`${where}.${key} is missing`);
  return value;
}

/** One comment in the spec's shape; `where` names it in the error (`ticket.comments[0]`, `comment`). */
export function parseCommentRecord(item: unknown, where: string): PortalTicketComment {
  if (!isObject(item)) throw new MalformedPortalAnswer(`${where} is not an object`);
  return {
    id: text(item, 'id', where),
    ticketId: text(item, 'ticketId', where),
    authorName: text(item, 'authorName', where),
    authorRole: text(item, 'authorRole', where),
    content: text(item, 'content', where),
    createdAt: requiredDate(item, 'createdAt', where),
  };
}

/**
 * `{ticket: {...}}` of `POST /tickets`, reduced to the spec's fields (anything else the portal
 * adds is dropped). Absent optional members get their natural value: no comments, not closed.
 */
export function parseTicket(body: unknown, fallbackAuthorName: string): PortalTicket {
  if (!isObject(body)) throw new MalformedPortalAnswer('no ticket object');
  return parseTicketRecord(body.ticket, 'ticket', fallbackAuthorName);
}

/** One ticket object, checked field by field; without `fallbackAuthorName` the author is required. */
export function parseTicketRecord(item: unknown, where: string, fallbackAuthorName?: string): PortalTicket {
  if (!isObject(item)) throw new MalformedPortalAnswer(`no ${where} object`);
  const ticket = item;
  const status = ticket.status;
  if (!isObject(status) || !Number.isInteger(status.id) || typeof status.name !== 'string') {
    throw new MalformedPortalAnswer(`${where}.status is not {id: integer, name: string}`);
  }
  if (ticket.comments !== undefined && !Array.isArray(ticket.comments)) throw new MalformedPortalAnswer(`${where}.comments is not an array`);
  const comments = ((ticket.comments as unknown[] | undefined) ?? []).map((c, index) => parseCommentRecord(c, `${where}.comments[${index}]`));
  const createdAt = requiredDate(ticket, 'createdAt', where);
  const commentsCount = ticket.commentsCount;
  if (commentsCount !== undefined && !Number.isInteger(commentsCount)) throw new MalformedPortalAnswer(`${where}.commentsCount is not an integer`);
  return {
    id: text(ticket, 'id', where),
    title: text(ticket, 'title', where),
    description: text(ticket, 'description', where),
    status: { id: status.id as number, name: status.name },
    category: text(ticket, 'category', where),
    authorName: fallbackAuthorName !== undefined && typeof ticket.authorName !== 'string' ? fallbackAuthorName : text(ticket, 'authorName', where),
    commentsCount: (commentsCount as number | undefined) ?? comments.length,
    createdAt,
    updatedAt: optionalDate(ticket, 'updatedAt', where) ?? createdAt,
    closedAt: optionalDate(ticket, 'closedAt', where),
    comments,
  };
}
