import { Controller, Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { PagedBody, PagedList } from '@app/http';
import { DriverAssignments } from '../drivers';
import { ListVisitsDto } from './dto/list-visits.dto';
import { toVisitView, VisitView } from './visit.view';
import { VisitsService } from './visits.service';

@ApiTags('places')
@Controller('visits')
export class VisitsController {
  constructor(
    private readonly visits: VisitsService,
    private readonly drivers: DriverAssignments,
  ) {}

  /** Visits to the client's places, newest arrival first; `placeId`, `assetId`, `from`, `to` filter. */
  @Get()
  @Authenticated({ permission: Permission.Places })
  @PagedList(VisitView)
  @ApiNotFoundResponse({ description: "`assetId` or `placeId` unknown, another client's, or an asset outside the caller's trackers (shape A)" })
  async list(@Auth() auth: AuthContext, @Query() query: ListVisitsDto): Promise<PagedBody<VisitView>> {
    const now = new Date();
    const page = await this.visits.list(auth, query);
    const views = page.items.map((visit) => toVisitView(visit, now));
    // The driver of the arrival, from the assignments as they are now (one query for the page).
    return new PagedBody(await this.drivers.withDrivers(auth, views, (view) => ({ assetId: view.assetId, at: view.arrivedAt })), page.nextCursor);
  }
}
