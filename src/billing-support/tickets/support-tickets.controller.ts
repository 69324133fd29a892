import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGatewayTimeoutResponse,
  ApiNotFoundResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { ApiIdempotencyKey, CreatedRecord, FoundRecord, PagedBody, PagedResponse, RawResponse } from '@app/http';
import { CreateSupportTicketDto } from '../dto/create-support-ticket.dto';
import { CreateTicketCommentDto } from '../dto/create-ticket-comment.dto';
import { ListSupportTicketsQueryDto } from '../dto/list-support-tickets-query.dto';
import { SupportTicketReadsService } from './support-ticket-reads.service';
import { CreatedSupportTicketView, SupportTicketCommentView, SupportTicketSummaryView, SupportTicketView } from './support-ticket.view';
import { SupportTicketsService } from './support-tickets.service';

const PORTAL_DOWN = '`PORTAL_UNAVAILABLE` (shape D): the portal is unreachable, failing, slow or not configured';
const NOT_FOUND = "No such ticket of the caller's client (shape A)";

@ApiTags('support')
@Controller('support/tickets')
export class SupportTicketsController {
  constructor(
    private readonly tickets: SupportTicketsService,
    private readonly reads: SupportTicketReadsService,
  ) {}

  /** The client's tickets, newest first, without comments; `status` (id) and `category` filter. */
  @Get()
  @Authenticated({ permission: Permission.Support })
  @PagedResponse(SupportTicketSummaryView)
  @ApiBadRequestResponse({ description: 'A bad filter, `limit` or `cursor`, or an unknown parameter (shape A)' })
  @ApiServiceUnavailableResponse({ description: PORTAL_DOWN })
  list(@Auth() auth: AuthContext, @Query() query: ListSupportTicketsQueryDto): Promise<PagedBody<SupportTicketSummaryView>> {
    return this.reads.list(auth, query);
  }

  /** One ticket of the client, with its comments. */
  @Get(':id')
  @Authenticated({ permission: Permission.Support })
  @FoundRecord(SupportTicketView, NOT_FOUND)
  @ApiServiceUnavailableResponse({ description: PORTAL_DOWN })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<SupportTicketView> {
    return this.reads.get(auth, id);
  }

  /**
   * Comments on a ticket of the client in the name of the caller. No answer in time: 504 with
   * `PORTAL_UNAVAILABLE` (the comment may exist; it is never sent twice).
   */
  @Post(':id/comments')
  @Authenticated({ permission: Permission.Support })
  @HttpCode(201)
  @ApiCreatedResponse({ type: SupportTicketCommentView })
  @ApiBadRequestResponse({ description: 'A missing, empty, too long or extra field (shape A); the portal is not called' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiServiceUnavailableResponse({ description: PORTAL_DOWN })
  @ApiGatewayTimeoutResponse({ description: '`PORTAL_UNAVAILABLE` (shape D): no answer in time; the comment may exist and is not resent' })
  comment(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateTicketCommentDto): Promise<SupportTicketCommentView> {
    return this.reads.comment(auth, id, body);
  }

  /**
   * Creates a support ticket in the billing-and-support portal in the name of the caller. The
   * portal unreachable or failing: 503 `PORTAL_UNAVAILABLE` (shape D); no answer in time: 504
   * with the same code (the ticket may exist; it is never sent twice). With an `Idempotency-Key`,
   * a retry of the same ticket answers it again instead of creating a second one.
   */
  @Post()
  @Authenticated({ permission: Permission.Support })
  @RawResponse()
  @CreatedRecord(CreatedSupportTicketView, "The ticket as created (the spec's body, not the envelope)")
  @ApiBadRequestResponse({ description: 'A missing, empty, too long or extra field (shape A); the portal is not called' })
  @ApiServiceUnavailableResponse({ description: '`PORTAL_UNAVAILABLE` (shape D): the portal is unreachable, failing or not configured' })
  @ApiGatewayTimeoutResponse({ description: '`PORTAL_UNAVAILABLE` (shape D): no answer in time; the ticket may exist and is not resent' })
  @ApiIdempotencyKey(
    'Makes a retry safe: the same key with the same ticket answers the ticket created (201), never a second one, even after a crash or a time-out',
  )
  @ApiConflictResponse({ description: '`CONFLICT` (shape A): the Idempotency-Key was used for another ticket, or its first attempt is still running' })
  create(
    @Auth() auth: AuthContext,
    @Body() body: CreateSupportTicketDto,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<CreatedSupportTicketView> {
    return this.tickets.create(auth, body, key);
  }
}
