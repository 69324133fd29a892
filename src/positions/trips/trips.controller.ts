import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { PagedBody, PagedResponse } from '@app/http';
import { TripListQueryDto } from './trip-list-query.dto';
import { TripSummaryView, TripView } from './trip.view';
import { TripsService } from './trips.service';

@ApiTags('telemetry')
@Controller('trips')
export class TripsController {
  constructor(private readonly trips: TripsService) {}

  /** The device's trips that begin in the period (at most 30 days), newest first, by cursor pages. */
  @Get(':vendorId')
  @Authenticated({ permission: Permission.Positions })
  @PagedResponse(TripSummaryView)
  @ApiBadRequestResponse({ description: 'A bad vendorId, dates, range, limit or cursor, or an unknown parameter (shape A)' })
  @ApiNotFoundResponse({ description: "No such device for the caller: unknown, another client's or outside their trackers (shape A)" })
  list(@Auth() auth: AuthContext, @Param('vendorId') vendorId: string, @Query() query: TripListQueryDto): Promise<PagedBody<TripSummaryView>> {
    return this.trips.list(auth, vendorId, query);
  }

  /** One trip of a device (flespi device id) with its positions, asset and start/end addresses. */
  @Get(':vendorId/trip/:tripId')
  @Authenticated()
  get(@Auth() auth: AuthContext, @Param('vendorId') vendorId: string, @Param('tripId') tripId: string): Promise<TripView> {
    return this.trips.get(auth, vendorId, tripId);
  }
}
