import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { PagedBody, PagedResponse } from '@app/http';
import { ListVisitsDto } from './dto/list-visits.dto';
import { toVisitView, VisitView } from './visit.view';
import { VisitsService } from './visits.service';

@ApiTags('places')
@Controller('visits')
export class VisitsController {
  constructor(private readonly visits: VisitsService) {}

  /** Visits to the client's places, newest arrival first; `placeId`, `assetId`, `from`, `to` filter. */
  @Get()
  @Authenticated({ permission: Permission.Places })
  @PagedResponse(VisitView)
  @ApiBadRequestResponse({ description: 'Unknown parameter or bad value (shape A)' })
  @ApiNotFoundResponse({ description: "`assetId` or `placeId` unknown, another client's, or an asset outside the caller's trackers (shape A)" })
  async list(@Auth() auth: AuthContext, @Query() query: ListVisitsDto): Promise<PagedBody<VisitView>> {
    const now = new Date();
    return PagedBody.of(await this.visits.list(auth, query), (visit) => toVisitView(visit, now));
  }
}
