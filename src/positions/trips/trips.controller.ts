import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated } from '@app/auth';
import { TripView } from './trip.view';
import { TripsService } from './trips.service';

@ApiTags('telemetry')
@Controller('trips')
export class TripsController {
  constructor(private readonly trips: TripsService) {}

  /** One trip of a device (flespi device id) with its positions, asset and start/end addresses. */
  @Get(':vendorId/trip/:tripId')
  @Authenticated()
  get(@Auth() auth: AuthContext, @Param('vendorId') vendorId: string, @Param('tripId') tripId: string): Promise<TripView> {
    return this.trips.get(auth, vendorId, tripId);
  }
}
