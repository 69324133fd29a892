import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsFleetDate } from '@app/formats';
import { QueryWholeNumber, StrictBody } from '@app/http';

export const MAX_TRACK_POINTS = 10_000;

@StrictBody()
export class TrackQueryDto {
  /** `DD/MM/YYYY` (from 00:00:00), `DD/MM/YYYY HH:mm` or `DD/MM/YYYY HH:mm:ss`, in the client's time zone. */
  @IsFleetDate()
  from: string;

  /** `DD/MM/YYYY` (to 23:59:59), `DD/MM/YYYY HH:mm` or `DD/MM/YYYY HH:mm:ss`; at most 30 days after `from`. */
  @IsFleetDate()
  to: string;

  /** At most this many points (2 to 10 000, default 2 000); longer tracks are simplified. */
  @IsOptional()
  @QueryWholeNumber()
  @IsInt({ message: 'maxPoints must be a whole number from 2 to 10000' })
  @Min(2, { message: 'maxPoints must be a whole number from 2 to 10000' })
  @Max(MAX_TRACK_POINTS, { message: 'maxPoints must be a whole number from 2 to 10000' })
  maxPoints?: number;
}
