import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { TrackQueryDto } from './track-query.dto';
import { TrackService } from './track.service';
import { TrackView } from './track.view';

@ApiTags('telemetry')
@Controller('assets')
export class TracksController {
  constructor(private readonly tracks: TrackService) {}

  /** The route of an asset in a period of at most 30 days, simplified to `maxPoints` points. */
  @Get(':id/track')
  @Authenticated({ permission: Permission.Positions })
  @ApiBadRequestResponse({ description: 'Bad dates, a range over 30 days, a bad `maxPoints`, or an unknown parameter (shape A)' })
  @ApiNotFoundResponse({ description: "No such asset for the caller: another client's, outside their trackers, or without a tracker (shape A)" })
  track(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: TrackQueryDto): Promise<TrackView> {
    return this.tracks.track(auth, id, query);
  }
}
