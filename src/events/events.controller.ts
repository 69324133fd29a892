import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { FoundRecord, PagedBody, PagedResponse } from '@app/http';
import { ListEventsDto } from './dto/list-events.dto';
import { DriverAssignments } from '../drivers';
import { FleetEventView, toFleetEventView } from './fleet-event.view';
import { EventsQueryService } from './events-query.service';

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsQueryService,
    private readonly drivers: DriverAssignments,
  ) {}

  /** Fleet events of the caller's assets, newest first: by type, asset, geofence and period (30 days by default, at most 366). */
  @Get()
  @Authenticated({ permission: Permission.Alerts })
  @PagedResponse(FleetEventView)
  @ApiBadRequestResponse({ description: 'Unknown parameter, bad value, or a period over 366 days (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListEventsDto): Promise<PagedBody<FleetEventView>> {
    const page = await this.events.list(auth, query);
    const views = await this.drivers.withDrivers(
      auth,
      page.items.map((event) => toFleetEventView(event)),
      driverMoment,
    );
    return new PagedBody(views, page.nextCursor);
  }

  /** One fleet event. */
  @Get(':id')
  @Authenticated({ permission: Permission.Alerts })
  @FoundRecord(FleetEventView, "Unknown, another client's, or of an asset outside the caller's trackers (shape A)")
  async get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<FleetEventView> {
    const [view] = await this.drivers.withDrivers(auth, [toFleetEventView(await this.events.get(auth, id))], driverMoment);
    return view;
  }
}

const driverMoment = (event: FleetEventView) => ({ assetId: event.assetId, at: event.occurredAt });
