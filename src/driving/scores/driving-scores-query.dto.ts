import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { StrictBody } from '@app/http';
import { DrivingPeriodDto } from '../driving-period.dto';

const ID_LIST = /^[0-9a-fA-F]{24}(,[0-9a-fA-F]{24}){0,99}$/;

/** `GET /api/driving-scores`: the period (at most 31 days), how to group, and optional filters. */
@StrictBody()
export class DrivingScoresQueryDto extends DrivingPeriodDto {
  /** One row per asset (default) or per driver. */
  @ApiProperty({ enum: ['asset', 'driver'], required: false, default: 'asset' })
  @IsOptional()
  @IsIn(['asset', 'driver'], { message: 'groupBy must be asset or driver' })
  groupBy?: 'asset' | 'driver';

  /** Only these assets: 1 to 100 ids separated by commas, each the caller's (404 otherwise). */
  @IsOptional()
  @Matches(ID_LIST, { message: 'assetIds must be 1 to 100 asset ids separated by commas' })
  assetIds?: string;

  /** With groupBy=driver, only these drivers: 1 to 100 ids separated by commas. */
  @IsOptional()
  @Matches(ID_LIST, { message: 'driverIds must be 1 to 100 driver ids separated by commas' })
  driverIds?: string;
}
