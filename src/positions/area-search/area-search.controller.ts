import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { AreaSearchDto } from './area-search.dto';
import { AreaSearchService } from './area-search.service';
import { AreaVisitorView } from './area-search.view';

@ApiTags('telemetry')
@Controller('positions')
export class AreaSearchController {
  constructor(private readonly search: AreaSearchService) {}

  /**
   * History by area: which of the caller's assets were inside a polygon or a circle in a period
   * of at most 31 days, and when, from the stored telemetry (no geofence needed). Assets never
   * inside are not listed; the others newest first (by their latest interval's end).
   */
  @Post('area-search')
  @HttpCode(200)
  @Authenticated({ permission: Permission.Positions })
  @ApiOkResponse({ type: [AreaVisitorView], description: 'The assets that were inside, newest first, each with its intervals newest first' })
  @ApiBadRequestResponse({
    description:
      'A bad geometry or radius, `from` not before `to`, a period over 31 days, over 500 assets (named, or tracked by the caller without `assetIds`), an area that more than 15 000 tracker-hours of the period pass near, unknown fields or wrong types (shape A)',
  })
  @ApiNotFoundResponse({
    description: "An asset of `assetIds` that is not the caller's: another client's, outside their trackers, archived or without a tracker (shape A)",
  })
  areaSearch(@Auth() auth: AuthContext, @Body() body: AreaSearchDto): Promise<AreaVisitorView[]> {
    return this.search.search(auth, body);
  }
}
