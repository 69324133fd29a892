import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Auth, AuthContext, Authenticated } from '@app/auth';
import { validationFailed } from '@app/errors';
import { FoundRecord, notAcceptedField, PagedBody, PagedList } from '@app/http';
import { ListNotificationsDto } from './dto/list-notifications.dto';
import { Inbox } from './inbox.service';
import { NotificationView, toNotificationView } from './notification.view';

export class ReadAllView {
  /** How many were unread. @example 3 */
  @ApiProperty({ example: 3 })
  read: number;
}

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly inbox: Inbox) {}

  /** The caller's inbox, newest first; `unread=true`: only what the caller has not read. */
  @Get()
  @Authenticated()
  @PagedList(NotificationView)
  async list(@Auth() auth: AuthContext, @Query() query: ListNotificationsDto): Promise<PagedBody<NotificationView>> {
    return PagedBody.of(await this.inbox.list(auth, query), (notification) => toNotificationView(notification, auth.userId, auth.language));
  }

  /**
   * The caller's new notifications as Server-Sent Events, each `event: notification` with `id`
   * and `data` in the shape of one notification; `: heartbeat` comments when idle. The stream
   * ends after 10 minutes (the browser reconnects); what came meanwhile is in the list. At most 20
   * streams of a user's open at once on one instance: one more is 429.
   */
  @Get('stream')
  @Authenticated()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'An endless `text/event-stream` (`id: <notification id>`, `event: notification`, `data: <NotificationView JSON>`); docs/alerts.md "Inbox"',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ description: 'An unknown parameter (shape A)' })
  stream(@Auth() auth: AuthContext, @Req() req: Request, @Res() res: Response): void {
    // It takes no parameter: one sent is refused, as the lists refuse theirs, before the stream opens.
    const sent = Object.keys(req.query);
    if (sent.length > 0) throw validationFailed(sent.map(notAcceptedField));
    this.inbox.stream(auth, req, res);
  }

  /** Marks every unread notification of the caller's read. */
  @Post('read-all')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: ReadAllView })
  readAll(@Auth() auth: AuthContext): Promise<ReadAllView> {
    return this.inbox.readAll(auth);
  }

  /** Marks one of the caller's notifications read (again: no change). */
  @Post(':id/read')
  @Authenticated()
  @HttpCode(200)
  @FoundRecord(NotificationView, "Unknown, or another user's notification (shape A)")
  read(@Auth() auth: AuthContext, @Param('id') id: string): Promise<NotificationView> {
    return this.inbox.read(auth, id);
  }
}
