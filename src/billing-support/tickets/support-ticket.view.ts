import type { PortalTicket } from '@app/integrations';

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

/** The spec's support ticket, as created in the billing-and-support portal. */
export class SupportTicketView {
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
  comments: SupportTicketCommentView[];
}

/** The spec's body for a created ticket (not the usual envelope). */
export class CreatedSupportTicketView {
  ticket: SupportTicketView;
}

/** Field by field, so nothing the portal adds beyond the spec reaches our clients. */
export function toSupportTicketView(ticket: PortalTicket): SupportTicketView {
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
    comments: ticket.comments.map((c) => ({
      id: c.id,
      ticketId: c.ticketId,
      authorName: c.authorName,
      authorRole: c.authorRole,
      content: c.content,
      createdAt: c.createdAt,
    })),
  };
}
