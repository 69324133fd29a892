import { Type } from 'class-transformer';
import { IsNumber, IsPositive, Max, Min, ValidateNested } from 'class-validator';
import { IsIsoDateTime, IsObjectIdString } from '@app/formats';
import { PageQueryDto, StrictBody, ValidateText, WhenSent } from '@app/http';
import { MAX_PRICE_PER_LITER } from './update-fuel-tariff.dto';

@StrictBody()
export class RefuelLocationDto {
  /** @example -33.4489 */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  lat: number;

  /** @example -70.6693 */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lng: number;
}

/** A refuelling of an asset (DESIGN.md, "refuels"). */
@StrictBody()
export class CreateRefuelDto {
  /** An asset of the caller's, in service. */
  @IsObjectIdString()
  assetId: string;

  /** When it was filled (ISO 8601); not in the future. */
  @IsIsoDateTime()
  occurredAt: string;

  /**
   * Litres: greater than 0, at most 100 000, three decimals.
   * @example 52.4
   */
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 })
  @IsPositive()
  @Max(100_000)
  liters: number;

  /** Pesos per litre paid (two decimals). */
  @WhenSent()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @IsPositive()
  @Max(MAX_PRICE_PER_LITER)
  pricePerLiter?: number;

  /** Pesos paid in all (two decimals). */
  @WhenSent()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @IsPositive()
  @Max(1_000_000_000)
  totalCost?: number;

  /** The odometer then, km. */
  @WhenSent()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(10_000_000)
  odometerKm?: number;

  /** The station (1 to 200 characters). */
  @WhenSent()
  @ValidateText({ max: 200 })
  station?: string;

  /** Where it was filled (the station's or the card terminal's position). */
  @WhenSent()
  @ValidateNested()
  @Type(() => RefuelLocationDto)
  location?: RefuelLocationDto;
}

@StrictBody()
export class ListRefuelsDto extends PageQueryDto {
  /** Only this asset's refuels. */
  @WhenSent()
  @IsObjectIdString()
  assetId?: string;

  /** From this moment (ISO 8601, inclusive). */
  @WhenSent()
  @IsIsoDateTime()
  from?: string;

  /** Up to this moment (ISO 8601, inclusive). */
  @WhenSent()
  @IsIsoDateTime()
  to?: string;
}
