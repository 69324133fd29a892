import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { idempotencyKeyOf } from '@app/http';
import { BillingPortalClient, PortalTicket } from '@app/integrations';
import { CreateSupportTicketDto } from '../dto/create-support-ticket.dto';
import { CreatedSupportTicketView, toSupportTicketView } from './support-ticket.view';
import { TicketRequests } from './ticket-requests';

@Injectable()
export class SupportTicketsService {
  constructor(
    private readonly portal: BillingPortalClient,
    private readonly requests: TicketRequests,
    private readonly activity: ActivityRecorder,
  ) {}

  /**
   * Creates the ticket in the portal in the caller's name (sent once: see the client). With an
   * `Idempotency-Key`, a retry of the same ticket never creates a second one (docs/billing-support.md).
   */
  async create(auth: AuthContext, body: CreateSupportTicketDto, header?: string): Promise<CreatedSupportTicketView> {
    const key = idempotencyKeyOf(header);
    if (key === undefined) return this.answer(auth, await this.send(auth, body));
    const attempt = await this.requests.begin(auth, key, body);
    if (attempt.kind === 'known') return attempt.adopted ? this.answer(auth, attempt.ticket) : { ticket: toSupportTicketView(attempt.ticket) };
    let created: PortalTicket;
    try {
      created = await this.send(auth, body);
    } catch (error) {
      await this.requests.ended(auth, attempt.request);
      throw error;
    }
    await this.requests.complete(auth, attempt.request, created);
    return this.answer(auth, created);
  }

  private send(auth: AuthContext, body: CreateSupportTicketDto): Promise<PortalTicket> {
    return this.portal.createTicket(
      {
        title: body.title,
        description: body.description,
        category: body.category,
        clientId: auth.clientId.toHexString(),
        author: { name: auth.name, email: auth.email },
        origin: 'fleet-platform',
      },
      auth.request.requestId,
    );
  }

  /** The ticket is created (or found created by an interrupted attempt): its activity event, then the answer. */
  private async answer(auth: AuthContext, created: PortalTicket): Promise<CreatedSupportTicketView> {
    const ticket = toSupportTicketView(created);
    await this.activity.created(auth, { type: 'support_ticket', id: ticket.id }, `Support ticket "${ticket.title}" created (${ticket.category})`, {
      id: ticket.id,
      title: ticket.title,
      category: ticket.category,
      status: ticket.status,
    });
    return { ticket };
  }
}
