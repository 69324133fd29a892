import { IsOptional, Matches } from 'class-validator';
import { IsOptionalObjectId } from '@app/formats';
import { PeriodPageQueryDto, StrictBody } from '@app/http';
import { FLEET_EVENT_TYPES } from '../event-types';

const TYPE_LIST = new RegExp(
  `^(${FLEET_EVENT_TYPES.map((type) => type.replace('.', '\\.')).join('|')})(,(${FLEET_EVENT_TYPES.map((type) => type.replace('.', '\\.')).join('|')}))*$`,
);

/**
 * Events newest first; `from`/`to` keep those that occurred in the period, at most 366 days, by
 * default the 30 days up to `to` (now).
 */
@StrictBody()
export class ListEventsDto extends PeriodPageQueryDto {
  /** Events that occurred at or after this ISO 8601 date-time (default: 30 days before `to`). */
  declare from?: string;

  /** Events that occurred at or before this ISO 8601 date-time (default: now). */
  declare to?: string;

  /**
   * One type or several, comma-separated.
   * @example "geofence.enter,geofence.exit"
   */
  @IsOptional()
  @Matches(TYPE_LIST, { message: `type must be event types separated by commas: ${FLEET_EVENT_TYPES.join(', ')}` })
  type?: string;

  /** Only this asset's events. */
  @IsOptionalObjectId()
  assetId?: string;

  /** Only the events of this geofence. */
  @IsOptionalObjectId()
  geofenceId?: string;

  /** Only the events of this place (`place.arrival`, `place.departure`). */
  @IsOptionalObjectId()
  placeId?: string;
}
