import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { notFound } from '@app/errors';
import { PagedBody } from '@app/http';
import { BillingPortalClient, PortalClientTicket } from '@app/integrations';
import { CreateTicketCommentDto } from '../dto/create-ticket-comment.dto';
import { ListSupportTicketsQueryDto } from '../dto/list-support-tickets-query.dto';
import { pageOfTickets } from './ticket-page';
import {
  SupportTicketCommentView,
  SupportTicketSummaryView,
  SupportTicketView,
  toSupportTicketSummaryView,
  toSupportTicketView,
  toTicketCommentView,
} from './support-ticket.view';

/**
 * The client's tickets as the portal keeps them: the list, one ticket with its comments, a new
 * comment. The portal does not check who asks, so every ticket's `clientId` is compared with the
 * caller's: another client's ticket is answered exactly like a missing one (404).
 */
@Injectable()
export class SupportTicketReadsService {
  constructor(
    private readonly portal: BillingPortalClient,
    private readonly activity: ActivityRecorder,
  ) {}

  async list(auth: AuthContext, query: ListSupportTicketsQueryDto): Promise<PagedBody<SupportTicketSummaryView>> {
    const clientId = auth.clientId.toHexString();
    const filters = { ...(query.status !== undefined ? { status: query.status } : {}), ...(query.category ? { category: query.category } : {}) };
    const tickets = await this.portal.listTickets(clientId, filters, auth.request.requestId);
    // Asked for this client's tickets only; anything else in the answer is dropped, not shown.
    const own = tickets.filter((ticket) => ticket.clientId === clientId);
    return PagedBody.of(pageOfTickets(own, query), toSupportTicketSummaryView);
  }

  async get(auth: AuthContext, ticketId: string): Promise<SupportTicketView> {
    return toSupportTicketView(await this.ownTicket(auth, ticketId));
  }

  /** Adds a comment in the caller's name, once the ticket is known to be the caller's client's. */
  async comment(auth: AuthContext, ticketId: string, body: CreateTicketCommentDto): Promise<SupportTicketCommentView> {
    const ticket = await this.ownTicket(auth, ticketId);
    const added = await this.portal.addComment(
      ticket.id,
      { content: body.content, author: { name: auth.name, email: auth.email }, authorRole: 'client' },
      auth.request.requestId,
    );
    if (!added) throw notFound('Support ticket');
    const comment = toTicketCommentView(added);
    await this.activity.record(auth, {
      action: 'support_ticket.comment',
      resourceType: 'support_ticket',
      resourceId: ticket.id,
      summary: `Comment added to support ticket "${ticket.title}"`,
      after: { id: comment.id, ticketId: ticket.id },
    });
    return comment;
  }

  private async ownTicket(auth: AuthContext, ticketId: string): Promise<PortalClientTicket> {
    // Ids are the portal's (uuids): anything else cannot name a ticket, and is not sent.
    if (!/^[A-Za-z0-9-]{1,64}$/.test(ticketId)) throw notFound('Support ticket');
    const ticket = await this.portal.getTicket(ticketId, auth.request.requestId);
    if (!ticket || ticket.clientId !== auth.clientId.toHexString()) throw notFound('Support ticket');
    return ticket;
  }
}
