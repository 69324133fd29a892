import { Controller, Get, Headers, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { LatestPositionsQueryDto } from './latest-positions-query.dto';
import { PositionStreams } from './position-streams.service';

@ApiTags('telemetry')
@Controller()
export class PositionStreamController {
  constructor(private readonly streams: PositionStreams) {}

  /**
   * The live map's feed: Server-Sent Events of the position updates of the caller's assets (all,
   * or `assetIds`/`groupId`), each `event: position` with `id` (replayable through `Last-Event-ID`)
   * and `data` in the shape of one latest position; `: heartbeat` comments when idle. At most 20
   * streams of a user's open at once on one instance: one more is 429.
   */
  @Get('positions/stream')
  @Authenticated({ permission: Permission.Positions })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The id of the last event received: what changed since is sent first' })
  @ApiOkResponse({
    description: 'An endless `text/event-stream` (`id: <ms>`, `event: position`, `data: <LatestPositionView JSON>`); docs/telemetry.md "Live stream"',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ description: 'A malformed `assetIds` or `groupId`, or an unknown parameter (shape A)' })
  stream(
    @Auth() auth: AuthContext,
    @Query() query: LatestPositionsQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.streams.stream(auth, { assetIds: query.assetIds?.split(','), groupId: query.groupId }, lastEventId, req, res);
  }
}
