import { ApiProperty } from '@nestjs/swagger';

import { IsIn, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { IsIsoDateTime, IsObjectIdString, IsOptionalObjectId } from '@app/formats';
import { PeriodPageQueryDto, StrictBody, ValidateNestedObject, ValidateText, WhenSent, LatLngDto } from '@app/http';
import { REFUEL_ANOMALIES, type RefuelAnomaly } from './refuel.schema';
import { OdometerKmValue } from '../../meters';

@StrictBody()
export class RefuelLocationDto extends LatLngDto {}

/** A refuelling: litres at a moment; what was paid and where, when known. */
@StrictBody()
export class CreateRefuelDto {
  @IsObjectIdString()
  assetId: string;

  /** When it was paid (ISO 8601), not in the future. */
  @IsIsoDateTime()
  occurredAt: string;

  /**
   * Litres (0.1 to 5 000).
   * @example 182.4
   */
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 })
  @Min(0.1)
  @Max(5000)
  liters: number;

  /** Pesos per litre paid. */
  @WhenSent({ nullAsAbsent: true })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0.01)
  @Max(100_000)
  pricePerLiter?: number;

  /** Pesos paid in all. */
  @WhenSent({ nullAsAbsent: true })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0.01)
  @Max(100_000_000)
  totalCost?: number;

  @WhenSent({ nullAsAbsent: true })
  @OdometerKmValue()
  odometerKm?: number;

  /** @example "Copec Ruta 5 km 21" */
  @WhenSent({ nullAsAbsent: true })
  @ValidateText({ max: 200 })
  station?: string;

  /** Where it was paid (the fuel card's station, or the phone's place). */
  @WhenSent({ nullAsAbsent: true })
  @ValidateNestedObject(() => RefuelLocationDto)
  location?: RefuelLocationDto;
}

/** `from`/`to` keep the refuels made in the period. */
@StrictBody()
export class ListRefuelsDto extends PeriodPageQueryDto {
  /** Refuels at or after this ISO 8601 date-time. */
  declare from?: string;

  /** Refuels at or before this ISO 8601 date-time. */
  declare to?: string;

  @IsOptionalObjectId()
  assetId?: string;

  /** Only refuels with this anomaly. */
  @ApiProperty({ enum: REFUEL_ANOMALIES, required: false })
  @IsOptional()
  @IsIn(REFUEL_ANOMALIES, { message: `anomaly must be one of ${REFUEL_ANOMALIES.join(', ')}` })
  anomaly?: RefuelAnomaly;
}
