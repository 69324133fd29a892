import { IsIsoDateTime, IsObjectIdString } from '@app/formats';
import { PageQueryDto, StrictBody, WhenSent } from '@app/http';

/** A driver put at the wheel of the asset: from `from` (default now) until `to` (open when absent). */
@StrictBody()
export class CreateDriverAssignmentDto {
  /** An active driver of the caller's client. */
  @IsObjectIdString()
  driverId: string;

  /**
   * When the driver took the vehicle (ISO 8601 with an offset); now when absent. An open
   * assignment of the asset that began earlier is closed at this moment.
   * @example "2026-11-02T08:00:00-03:00"
   */
  @WhenSent({ nullAsAbsent: true })
  @IsIsoDateTime()
  from?: string;

  /**
   * When the driver left the vehicle (ISO 8601 with an offset), after `from`; absent: still driving.
   * @example "2026-11-02T18:00:00-03:00"
   */
  @WhenSent({ nullAsAbsent: true })
  @IsIsoDateTime()
  to?: string;
}

/** An asset's or a driver's assignments, newest `from` first. */
@StrictBody()
export class ListDriverAssignmentsDto extends PageQueryDto {}
