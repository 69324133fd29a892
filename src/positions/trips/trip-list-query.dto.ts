import { IsFleetDate } from '@app/formats';
import { PageQueryDto, StrictBody } from '@app/http';

@StrictBody()
export class TripListQueryDto extends PageQueryDto {
  /**
   * `DD/MM/YYYY[ HH:mm[:ss]]` in the client's time zone: trips that begin from then on.
   * @example "01/11/2026"
   */
  @IsFleetDate()
  from: string;

  /**
   * `DD/MM/YYYY[ HH:mm[:ss]]`: trips that begin up to then; at most 30 days after `from`.
   * @example "15/11/2026 23:59"
   */
  @IsFleetDate()
  to: string;
}
