import { PortalClientTicket, PortalTicketComment } from './billing-portal.types';
import { isObject, MalformedPortalAnswer, parseCommentRecord, parseTicketRecord, text } from './portal-answer.parser';

/** A ticket as read back: the spec's fields and the client it belongs to, which our API checks. */
function ownedTicket(item: unknown, where: string): PortalClientTicket {
  const ticket = parseTicketRecord(item, where);
  return { ...ticket, clientId: text(item as Record<string, unknown>, 'clientId', where) };
}

/** `{tickets: [...]}` of `GET /tickets?clientId=…`: each ticket checked, `clientId` required. */
export function parseTicketList(body: unknown): PortalClientTicket[] {
  if (!isObject(body) || !Array.isArray(body.tickets)) throw new MalformedPortalAnswer('no tickets array');
  return body.tickets.map((item: unknown, index) => ownedTicket(item, `tickets[${index}]`));
}

/** `{ticket: {..., clientId, comments}}` of `GET /tickets/{id}`. */
export function parseOwnedTicket(body: unknown): PortalClientTicket {
  if (!isObject(body)) throw new MalformedPortalAnswer('no ticket object');
  return ownedTicket(body.ticket, 'ticket');
}

/** `{comment: {...}}` of `POST /tickets/{id}/comments`, in the spec's comment shape. */
export function parseComment(body: unknown): PortalTicketComment {
  if (!isObject(body)) throw new MalformedPortalAnswer('no comment object');
  return parseCommentRecord(body.comment, 'comment');
}
