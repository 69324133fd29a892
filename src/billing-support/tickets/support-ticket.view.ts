import type { PortalTicket, PortalTicketComment } from '@app/integrations';

export class SupportTicketStatusView {
  id: number;
  name: string;
}

export class SupportTicketCommentView {
  /** uuid */
  id: string;
  /** uuid */
  ticketId: string;
  authorName: string;
  /** e.g. `client` */
  authorRole: string;
  content: string;
  createdAt: string;
}

/** A ticket in the client's list: the spec's ticket without its comments (`commentsCount` tells how many). */
export class SupportTicketSummaryView {
  /** uuid */
  id: string;
  title: string;
  description: string;
  status: SupportTicketStatusView;
  /** e.g. `technical` */
  category: string;
  authorName: string;
  commentsCount: number;
  createdAt: string;
  updatedAt: string;
  /** `null` while the ticket is open. */
  closedAt: string | null;
}

/** The spec's support ticket, as created in (or read from) the billing-and-support portal. */
export class SupportTicketView extends SupportTicketSummaryView {
  comments: SupportTicketCommentView[];
}

/** The spec's body for a created ticket (not the usual envelope). */
export class CreatedSupportTicketView {
  ticket: SupportTicketView;
}

/** Field by field, so nothing the portal adds beyond the spec reaches our clients. */
export function toSupportTicketSummaryView(ticket: PortalTicket): SupportTicketSummaryView {
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    status: { id: ticket.status.id, name: ticket.status.name },
    category: ticket.category,
    authorName: ticket.authorName,
    commentsCount: ticket.commentsCount,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    closedAt: ticket.closedAt,
  };
}

export function toSupportTicketView(ticket: PortalTicket): SupportTicketView {
  return { ...toSupportTicketSummaryView(ticket), comments: ticket.comments.map(toTicketCommentView) };
}

export function toTicketCommentView(c: PortalTicketComment): SupportTicketCommentView {
  return { id: c.id, ticketId: c.ticketId, authorName: c.authorName, authorRole: c.authorRole, content: c.content, createdAt: c.createdAt };
}
