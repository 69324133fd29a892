import { IsIsoDay, IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateText, WhenSent } from '@app/http';
import { RouteStopTaskIds } from './route-fields';

/**
 * The fields to change, at least one. `stopTaskIds` replaces the stops (a new order, tasks added
 * or taken away: those taken away keep their vehicle); `driverId: null` clears the driver. The
 * vehicle of a route does not change: a new vehicle is a new route.
 */
@StrictBody()
export class UpdateRouteDto {
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  @WhenSent({ nullable: true })
  @IsObjectIdString()
  driverId?: string | null;

  @WhenSent()
  @IsIsoDay()
  date?: string;

  @WhenSent()
  @RouteStopTaskIds()
  stopTaskIds?: string[];
}
