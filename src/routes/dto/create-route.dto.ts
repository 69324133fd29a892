import { IsIsoDay, IsObjectIdString, IsOptionalObjectId } from '@app/formats';
import { StrictBody, ValidateText } from '@app/http';
import { RouteStopTaskIds } from './route-fields';

/** A vehicle's stops for a day (docs/dispatch.md, "Routes and ETAs"). */
@StrictBody()
export class CreateRouteDto {
  /** @example "Reparto zona norte" */
  @ValidateText({ max: 200 })
  name: string;

  /** The vehicle: every stop's task is assigned to it. */
  @IsObjectIdString()
  assetId: string;

  @IsOptionalObjectId()
  driverId?: string;

  /** The day, `YYYY-MM-DD` in the client's zone. @example "2026-11-20" */
  @IsIsoDay()
  date: string;

  /** The tasks in the order the vehicle does them: 1 to 100, each once, on no other route. */
  @RouteStopTaskIds()
  stopTaskIds: string[];
}
