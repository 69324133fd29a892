import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { BillingPortalClient } from '@app/integrations';
import { CreateSupportTicketDto } from '../dto/create-support-ticket.dto';
import { CreatedSupportTicketView, toSupportTicketView } from './support-ticket.view';

@Injectable()
export class SupportTicketsService {
  constructor(
    private readonly portal: BillingPortalClient,
    private readonly activity: ActivityRecorder,
  ) {}

  /** Creates the ticket in the portal in the caller's name (sent once: see the client). */
  async create(auth: AuthContext, body: CreateSupportTicketDto): Promise<CreatedSupportTicketView> {
    const created = await this.portal.createTicket(
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
    const ticket = toSupportTicketView(created);
    await this.activity.record(auth, {
      action: 'support_ticket.create',
      resourceType: 'support_ticket',
      resourceId: ticket.id,
      summary: `Support ticket "${ticket.title}" created (${ticket.category})`,
      after: { id: ticket.id, title: ticket.title, category: ticket.category, status: ticket.status },
    });
    return { ticket };
  }
}
