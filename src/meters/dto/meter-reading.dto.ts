import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { IsIsoDateTime } from '@app/formats';
import { PageQueryDto, StrictBody, WhenSent } from '@app/http';
import { MeterValuesDto } from './meter-values.dto';

/** A meter read by hand: at least one of `odometerKm` and `engineHours`. */
@StrictBody()
export class CreateMeterReadingDto extends MeterValuesDto {
  /** When it was read (ISO 8601); not more than 5 minutes in the future. */
  @IsIsoDateTime()
  readAt: string;

  /** A value lower than an earlier one is allowed only as a correction. */
  @WhenSent()
  @IsBoolean()
  correction?: boolean;
}

@StrictBody()
export class ListMeterReadingsQueryDto extends PageQueryDto {}

export class MetersView {
  @ApiProperty({ example: 12345.678 }) odometerKm: number;
  @ApiProperty({ example: 812.25 }) engineHours: number;
  @ApiProperty({ enum: ['telemetry', 'reading'], description: "What set the odometer last: telemetry (positions or the device's mileage) or a reading" })
  odometerSource: 'telemetry' | 'reading';
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: no telemetry nor reading yet' })
  updatedAt: string | null;
}

export class MeterReadingView {
  @ApiProperty() id: string;
  @ApiProperty() assetId: string;
  @ApiProperty({ type: Number, nullable: true }) odometerKm: number | null;
  @ApiProperty({ type: Number, nullable: true }) engineHours: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) readAt: string;
  @ApiProperty() correction: boolean;
  @ApiProperty({ enum: ['manual', 'inspection'] }) source: 'manual' | 'inspection';
  @ApiPropertyOptional({ type: String, nullable: true }) inspectionId: string | null;
  @ApiProperty() createdBy: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
}
