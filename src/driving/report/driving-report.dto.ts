import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody } from '@app/http';
import { DrivingPeriodDto } from '../driving-period.dto';
import { MAX_SCORED_ASSETS } from '../driving-scores.service';

export const DRIVING_REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type DrivingReportFormat = (typeof DRIVING_REPORT_FORMATS)[number];

/**
 * Optional: 1 to 100 distinct ids, as many as the scores take. Listed in the order stacked
 * decorators apply, bottom first, so that the validation messages keep their order.
 */
const ScoredIds = (): PropertyDecorator =>
  applyDecorators(IsObjectIdString({ each: true }), ArrayUnique(), ArrayMaxSize(MAX_SCORED_ASSETS), ArrayMinSize(1), IsArray(), IsOptional());

/** `POST /api/reports/driving`: the figures of `GET /api/driving-scores` as a file. */
@StrictBody()
export class DrivingReportDto extends DrivingPeriodDto {
  /** Only these assets (1 to 100 of the caller's); without it, every one the caller sees with a tracker. @example ["665f1c2b9d3e4a0012ab34cd"] */
  @ScoredIds()
  assetIds?: string[];

  /** Only these drivers (1 to 100); rows are then per driver. */
  @ScoredIds()
  driverIds?: string[];

  /** One row per asset or per driver; default `driver` when driverIds is sent, else `asset`. */
  @ApiProperty({ enum: ['asset', 'driver'], required: false })
  @IsOptional()
  @IsIn(['asset', 'driver'], { message: 'groupBy must be asset or driver' })
  groupBy?: 'asset' | 'driver';

  @ApiProperty({ enum: DRIVING_REPORT_FORMATS })
  @IsIn(DRIVING_REPORT_FORMATS, { message: `format must be one of ${DRIVING_REPORT_FORMATS.join(', ')}` })
  format: DrivingReportFormat;
}
