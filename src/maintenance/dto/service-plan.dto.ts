import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';

import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AssetTargetsDto } from '@app/fleet';
import { IsIsoDateTime, IsObjectIdString, IsOptionalObjectId } from '@app/formats';
import { IsNumber } from 'class-validator';
import { MultilineText, PageQueryDto, StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import { SERVICE_STATES, ServiceState } from '../service-plans/status-rules';
import { MeterValuesDto } from '../../meters';

/** Interval lengths: km (1..1 000 000), engine hours (1..100 000), days (1..3 650). */
@StrictBody()
export class IntervalsDto {
  @WhenSent({ nullable: true })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(1_000_000)
  km?: number | null;

  @WhenSent({ nullable: true })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(100_000)
  engineHours?: number | null;

  @WhenSent({ nullable: true })
  @IsInt()
  @Min(1)
  @Max(3650)
  days?: number | null;
}

@StrictBody()
export class PlanWorkOrderDto {
  /** Open a work order when the service becomes overdue (default true). */
  @WhenSent()
  @IsBoolean()
  autoCreate?: boolean;

  /** A work order category (default `preventive`). */
  @WhenSent({ nullable: true })
  @ValidateText({ max: 100 })
  category?: string | null;

  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 5000 })
  @MultilineText()
  description?: string | null;
}

/** A new plan: `allAssets` defaults to false. */
@StrictBody()
export class CreateServicePlanDto extends AssetTargetsDto {
  /** @example "Cambio de aceite" */
  @ValidateText({ max: 200 })
  name: string;

  /** At least one of km, engineHours, days: the first to run out decides. */
  @ValidateNestedObject(() => IntervalsDto)
  intervals: IntervalsDto;

  /** How long before each interval runs out the service is due soon (each below its interval). */
  @WhenSent()
  @ValidateNestedObject(() => IntervalsDto)
  dueSoon?: IntervalsDto;

  @WhenSent()
  @ValidateNestedObject(() => PlanWorkOrderDto)
  workOrder?: PlanWorkOrderDto;
}

/** The fields to change: creation's, each optional (`null` refused); `intervals` replaces them all. */
@StrictBody()
export class UpdateServicePlanDto extends PartialType(CreateServicePlanDto, { skipNullProperties: false }) {}

@StrictBody()
export class ListServicePlansQueryDto extends PageQueryDto {}

/** A service done: `odometerKm` and `engineHours` are the meters at the service (default: the asset's meters now). */
@StrictBody()
export class CreateServiceRecordDto extends MeterValuesDto {
  @IsObjectIdString()
  assetId: string;

  /** When the service was done (ISO 8601), not in the future. */
  @IsIsoDateTime()
  doneAt: string;

  /** A work order of the asset the service was done under. */
  @WhenSent()
  @IsObjectIdString()
  workOrderId?: string;
}

@StrictBody()
export class ListServiceStatusQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(SERVICE_STATES, { message: `state must be one of ${SERVICE_STATES.join(', ')}` })
  state?: ServiceState;

  @IsOptionalObjectId()
  assetId?: string;

  @IsOptionalObjectId()
  planId?: string;
}

export class IntervalsView {
  @ApiProperty({ type: Number, nullable: true, example: 10000 }) km: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 250 }) engineHours: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 180 }) days: number | null;
}

export class PlanWorkOrderView {
  @ApiProperty() autoCreate: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'preventive' }) category: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
}

export class ServicePlanView {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'Cambio de aceite' }) name: string;
  @ApiProperty() allAssets: boolean;
  @ApiProperty({ type: [String] }) assetIds: string[];
  @ApiProperty({ type: [String] }) groupIds: string[];
  @ApiProperty({ type: IntervalsView }) intervals: IntervalsView;
  @ApiProperty({ type: IntervalsView }) dueSoon: IntervalsView;
  @ApiProperty({ type: PlanWorkOrderView }) workOrder: PlanWorkOrderView;
  @ApiProperty() createdBy: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: string;
}

export class RemovedServicePlanView {
  @ApiProperty() id: string;
}

export class ServiceRecordView {
  @ApiProperty() id: string;
  @ApiProperty() planId: string;
  @ApiProperty() assetId: string;
  @ApiProperty({ type: String, format: 'date-time' }) doneAt: string;
  @ApiProperty() odometerKm: number;
  @ApiProperty() engineHours: number;
  @ApiPropertyOptional({ type: String, nullable: true }) workOrderId: string | null;
  @ApiProperty() createdBy: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
}

export class NextServiceView {
  @ApiProperty({ type: Number, nullable: true }) odometerKm: number | null;
  @ApiProperty({ type: Number, nullable: true }) engineHours: number | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-31', description: "A day in the client's time zone" }) date: string | null;
}

export class RemainingView {
  @ApiProperty({ type: Number, nullable: true, description: 'Negative: past it' }) km: number | null;
  @ApiProperty({ type: Number, nullable: true }) engineHours: number | null;
  @ApiProperty({ type: Number, nullable: true, description: "Whole days from today in the client's time zone" }) days: number | null;
}

export class LastServiceView {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, format: 'date-time' }) doneAt: string;
  @ApiProperty() odometerKm: number;
  @ApiProperty() engineHours: number;
}

export class ServiceStatusView {
  @ApiProperty() assetId: string;
  @ApiProperty() planId: string;
  @ApiProperty({ enum: SERVICE_STATES }) state: ServiceState;
  @ApiProperty({ type: NextServiceView }) next: NextServiceView;
  @ApiProperty({ type: RemainingView }) remaining: RemainingView;
  @ApiProperty({ enum: ['km', 'engineHours', 'days'], nullable: true, description: 'The interval that runs out first' }) dueBy:
    'km' | 'engineHours' | 'days' | null;
  @ApiProperty({ type: LastServiceView, nullable: true }) lastService: LastServiceView | null;
  @ApiProperty({ type: String, nullable: true, description: 'The work order the plan opened in this cycle' }) workOrderId: string | null;
  @ApiProperty({ description: 'Services recorded under the plan for the asset' }) cycle: number;
}
