import { IsFleetDate } from '@app/formats';

export class TemperatureStatsQueryDto {
  /** `DD/MM/YYYY` (from 00:00:00), `DD/MM/YYYY HH:mm` or `DD/MM/YYYY HH:mm:ss`, in the client's time zone. */
  @IsFleetDate()
  from: string;

  /** `DD/MM/YYYY` (to 23:59:59), `DD/MM/YYYY HH:mm` or `DD/MM/YYYY HH:mm:ss`; at most 30 days after `from`. */
  @IsFleetDate()
  to: string;
}
