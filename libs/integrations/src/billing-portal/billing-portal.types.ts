/** The billing-and-support portal's contract as our client sees it (DESIGN.md, "portal contract"). */

export const PAYMENT_STATUSES = ['Pagada', 'Pendiente', 'Vencida', 'Sin cobro'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One invoice of `GET /clients/{clientId}/invoices`; amounts in Chilean pesos, dates `YYYY-MM-DD`. */
export interface PortalInvoice {
  folio: string;
  paymentStatus: PaymentStatus;
  issueDate: string;
  dueDate: string;
  net: number;
  vat: number;
  total: number;
}

export interface PortalTicketComment {
  id: string;
  ticketId: string;
  authorName: string;
  authorRole: string;
  content: string;
  createdAt: string;
}

/** A ticket as the portal answers it, already checked and reduced to the spec's fields. */
export interface PortalTicket {
  id: string;
  title: string;
  description: string;
  status: { id: number; name: string };
  category: string;
  authorName: string;
  commentsCount: number;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  comments: PortalTicketComment[];
}

/** A ticket read back from the portal, with the client it belongs to (our API compares it with the caller's). */
export type PortalClientTicket = PortalTicket & { clientId: string };

/** Filters of `GET /tickets`. */
export interface PortalTicketFilters {
  status?: number;
  category?: string;
}

/** What `POST /tickets/{id}/comments` receives. */
export interface PortalCommentRequest {
  content: string;
  author: { name: string; email: string };
  authorRole: 'client';
}

/** What `POST /tickets` receives. */
export interface PortalTicketRequest {
  title: string;
  description: string;
  category: string;
  clientId: string;
  author: { name: string; email: string };
  origin: 'fleet-platform';
}

export interface InvoicePeriod {
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  /** `YYYY-MM-DD`, inclusive. */
  to: string;
}
