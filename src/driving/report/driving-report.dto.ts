import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody } from '@app/http';
import { IsIsoInstant } from '../driving-period';
import { MAX_SCORED_ASSETS } from '../driving-scores.service';

export const DRIVING_REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type DrivingReportFormat = (typeof DRIVING_REPORT_FORMATS)[number];

/** `POST /api/reports/driving`: the figures of `GET /api/driving-scores` as a file. */
@StrictBody()
export class DrivingReportDto {
  /** Only these assets (1 to 100 of the caller's); without it, every one the caller sees with a tracker. @example ["665f1c2b9d3e4a0012ab34cd"] */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SCORED_ASSETS)
  @ArrayUnique()
  @IsObjectIdString({ each: true })
  assetIds?: string[];

  /** Only these drivers (1 to 100); rows are then per driver. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SCORED_ASSETS)
  @ArrayUnique()
  @IsObjectIdString({ each: true })
  driverIds?: string[];

  /** One row per asset or per driver; default `driver` when driverIds is sent, else `asset`. */
  @ApiProperty({ enum: ['asset', 'driver'], required: false })
  @IsOptional()
  @IsIn(['asset', 'driver'], { message: 'groupBy must be asset or driver' })
  groupBy?: 'asset' | 'driver';

  /** Start, an ISO 8601 instant with offset. @example "2026-11-01T00:00:00-03:00" */
  @IsIsoInstant()
  from: string;

  /** End, an ISO 8601 instant with offset; at most 31 days after `from`. @example "2026-11-30T23:59:59-03:00" */
  @IsIsoInstant()
  to: string;

  @ApiProperty({ enum: DRIVING_REPORT_FORMATS })
  @IsIn(DRIVING_REPORT_FORMATS, { message: `format must be one of ${DRIVING_REPORT_FORMATS.join(', ')}` })
  format: DrivingReportFormat;
}
