import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn } from 'class-validator';
import { IsFleetDate, IsObjectIdString } from '@app/formats';
import { StrictBody } from '@app/http';

export const FLEET_REPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type FleetReportFormat = (typeof FLEET_REPORT_FORMATS)[number];
export const MAX_REPORT_ASSETS = 100;

/** The trip and fuel reports' request (DESIGN.md, "trip report"). */
@StrictBody()
export class FleetReportDto {
  /** 1 to 100 assets of the caller's, in service. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REPORT_ASSETS)
  @ArrayUnique()
  @IsObjectIdString({ each: true })
  assetIds: string[];

  /**
   * Start, `DD/MM/YYYY[ HH:mm[:ss]]` in the client's time zone (a day alone: its start).
   * @example "01/01/2026"
   */
  @IsFleetDate()
  from: string;

  /**
   * End, `DD/MM/YYYY[ HH:mm[:ss]]` in the client's time zone (a day alone: its end); at most 31 days after `from`.
   * @example "31/01/2026"
   */
  @IsFleetDate()
  to: string;

  @ApiProperty({ enum: FLEET_REPORT_FORMATS })
  @IsIn(FLEET_REPORT_FORMATS, { message: `format must be one of ${FLEET_REPORT_FORMATS.join(', ')}` })
  format: FleetReportFormat;
}
