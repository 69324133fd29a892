import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { TrackQueryDto } from '../track/track-query.dto';
import { TrackService } from '../track/track.service';
import { TrackView } from '../track/track.view';
import { LatestPositionView } from './latest-position.view';
import { LatestPositionsQueryDto } from './latest-positions-query.dto';
import { LatestPositionsService } from './latest-positions.service';

@ApiTags('telemetry')
@Controller()
export class PositionsController {
  constructor(
    private readonly latest: LatestPositionsService,
    private readonly tracks: TrackService,
  ) {}

  /** The last known position of each asset in the caller's scope (at most 10 000, by name). */
  @Get('positions/latest')
  @Authenticated({ permission: Permission.Positions })
  @ApiOkResponse({ type: [LatestPositionView] })
  @ApiBadRequestResponse({ description: 'A malformed `assetIds` or `groupId`, or an unknown parameter (shape A)' })
  latestPositions(@Auth() auth: AuthContext, @Query() query: LatestPositionsQueryDto): Promise<LatestPositionView[]> {
    return this.latest.latest(auth, { assetIds: query.assetIds?.split(','), groupId: query.groupId });
  }

  /** The route of an asset in a period of at most 30 days, simplified to `maxPoints` points. */
  @Get('assets/:id/track')
  @Authenticated({ permission: Permission.Positions })
  @ApiBadRequestResponse({ description: 'Bad dates, a range over 30 days, a bad `maxPoints`, or an unknown parameter (shape A)' })
  @ApiNotFoundResponse({ description: 'No such asset for the caller: another client\'s, outside their trackers, or without a tracker (shape A)' })
  track(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: TrackQueryDto): Promise<TrackView> {
    return this.tracks.track(auth, id, query);
  }
}
