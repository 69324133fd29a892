import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { StrictBody } from '@app/http';
import { IsIsoInstant } from '../driving-period';

const ID_LIST = /^[0-9a-fA-F]{24}(,[0-9a-fA-F]{24}){0,99}$/;

/** `GET /api/driving-scores`: the period (at most 31 days), how to group, and optional filters. */
@StrictBody()
export class DrivingScoresQueryDto {
  /** One row per asset (default) or per driver. */
  @ApiProperty({ enum: ['asset', 'driver'], required: false, default: 'asset' })
  @IsOptional()
  @IsIn(['asset', 'driver'], { message: 'groupBy must be asset or driver' })
  groupBy?: 'asset' | 'driver';

  /** Start, an ISO 8601 instant with offset. @example "2026-11-01T00:00:00-03:00" */
  @IsIsoInstant()
  from: string;

  /** End, an ISO 8601 instant with offset; at most 31 days after `from`. @example "2026-11-30T23:59:59-03:00" */
  @IsIsoInstant()
  to: string;

  /** Only these assets: 1 to 100 ids separated by commas, each the caller's (404 otherwise). */
  @IsOptional()
  @Matches(ID_LIST, { message: 'assetIds must be 1 to 100 asset ids separated by commas' })
  assetIds?: string;

  /** With groupBy=driver, only these drivers: 1 to 100 ids separated by commas. */
  @IsOptional()
  @Matches(ID_LIST, { message: 'driverIds must be 1 to 100 driver ids separated by commas' })
  driverIds?: string;
}
