import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiGatewayTimeoutResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { RawResponse } from '@app/http';
import { CreateSupportTicketDto } from '../dto/create-support-ticket.dto';
import { CreatedSupportTicketView } from './support-ticket.view';
import { SupportTicketsService } from './support-tickets.service';

@ApiTags('support')
@Controller('support/tickets')
export class SupportTicketsController {
  constructor(private readonly tickets: SupportTicketsService) {}

  /**
   * Creates a support ticket in the billing-and-support portal in the name of the caller. The
   * portal unreachable or failing: 503 `PORTAL_UNAVAILABLE` (shape D); no answer in time: 504
   * with the same code (the ticket may exist; it is never sent twice).
   */
  @Post()
  @Authenticated({ permission: Permission.Support })
  @RawResponse()
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreatedSupportTicketView, description: 'The ticket as created (the spec\'s body, not the envelope)' })
  @ApiBadRequestResponse({ description: 'A missing, empty, too long or extra field (shape A); the portal is not called' })
  @ApiServiceUnavailableResponse({ description: '`PORTAL_UNAVAILABLE` (shape D): the portal is unreachable, failing or not configured' })
  @ApiGatewayTimeoutResponse({ description: '`PORTAL_UNAVAILABLE` (shape D): no answer in time; the ticket may exist and is not resent' })
  create(@Auth() auth: AuthContext, @Body() body: CreateSupportTicketDto): Promise<CreatedSupportTicketView> {
    return this.tickets.create(auth, body);
  }
}
