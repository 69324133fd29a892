import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsOptional } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody } from '@app/http';
import { FleetReportDto } from '../../fuel';

export const MAX_REPORT_PLACES = 500;

/** The visit report's request: the trip report's body (assets, period, format), and the places to keep. */
@StrictBody()
export class VisitReportDto extends FleetReportDto {
  /**
   * Only the visits of these places (1 to 500 of the client's); without it, every place's.
   * @example ["665f1c2b9d3e4a0012ab34cd"]
   */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REPORT_PLACES)
  @ArrayUnique()
  @IsObjectIdString({ each: true })
  placeIds?: string[];
}
