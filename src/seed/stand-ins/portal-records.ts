import type { PortalInvoice } from '@app/integrations';
import { demoInvoices } from './portal-invoices';
import { demoTickets, newTicket, StoredTicket } from './portal-tickets';

/**
 * What the stand-in portal holds: the invoices and tickets the tests set, and in the demo every
 * client's invoices and its demo tickets, the latter stored the first time the client's tickets
 * are asked for.
 */
export class PortalRecords {
  readonly tickets = new Map<string, StoredTicket>();
  private readonly invoices = new Map<string, PortalInvoice[]>();
  private readonly seeded = new Set<string>();

  constructor(private readonly demo: boolean) {}

  setInvoices(clientId: string, invoices: PortalInvoice[]): void {
    this.invoices.set(clientId, invoices);
  }

  invoicesOf(clientId: string): PortalInvoice[] {
    return this.invoices.get(clientId) ?? (this.demo ? demoInvoices() : []);
  }

  /** The client's demo tickets, stored once (the demo only). */
  seedTickets(clientId: string): void {
    if (!this.demo || this.seeded.has(clientId)) return;
    this.seeded.add(clientId);
    for (const ticket of demoTickets(clientId)) this.tickets.set(ticket.id, ticket);
  }

  /** Stores a ticket as the portal holds it, its unset members defaulted; returns it. */
  addTicket(input: Partial<StoredTicket> & { clientId: string; [extra: string]: unknown }): StoredTicket {
    const ticket: StoredTicket = {
      ...newTicket({
        title: 'Ticket',
        description: 'Descripción',
        category: 'technical',
        clientId: input.clientId,
        author: { name: 'Autor', email: 'autor@demo.invalid' },
        origin: 'fleet-platform',
      }),
      ...input,
    };
    ticket.commentsCount = ticket.comments.length;
    this.tickets.set(ticket.id, ticket);
    return ticket;
  }
}
