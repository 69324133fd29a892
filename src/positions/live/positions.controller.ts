import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { LatestPositionView } from './latest-position.view';
import { LatestPositionsQueryDto } from './latest-positions-query.dto';
import { LatestPositionsService } from './latest-positions.service';

@ApiTags('telemetry')
@Controller()
export class PositionsController {
  constructor(private readonly latest: LatestPositionsService) {}

  /** The last known position of each asset in the caller's scope (at most 10 000, by name). */
  @Get('positions/latest')
  @Authenticated({ permission: Permission.Positions })
  @ApiOkResponse({ type: [LatestPositionView] })
  @ApiBadRequestResponse({ description: 'A malformed `assetIds` or `groupId`, or an unknown parameter (shape A)' })
  latestPositions(@Auth() auth: AuthContext, @Query() query: LatestPositionsQueryDto): Promise<LatestPositionView[]> {
    return this.latest.latest(auth, { assetIds: query.assetIds?.split(','), groupId: query.groupId });
  }
}
