import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNumber, IsPositive, Max } from 'class-validator';
import { FUEL_GRADES, type FuelGrade } from '@app/formats';
import { PageQueryDto, StrictBody, ValidateText } from '@app/http';
import { MAX_PRICE_PER_LITER } from './update-fuel-tariff.dto';

/** A custom tariff: the client's own manual price for a grade (DESIGN.md, "fuel tariffs"). */
@StrictBody()
export class CreateFuelTariffDto {
  /** The grade it prices; never changes. */
  @ApiProperty({ enum: FUEL_GRADES })
  @IsIn(FUEL_GRADES, { message: `baseType must be one of ${FUEL_GRADES.join(', ')}` })
  baseType: FuelGrade;

  /**
   * 1 to 100 characters (trimmed).
   * @example "Diésel convenio Copec"
   */
  @ValidateText({ max: 100 })
  name: string;

  /**
   * Pesos per litre: greater than 0, at most two decimals.
   * @example 1049.9
   */
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @IsPositive()
  @Max(MAX_PRICE_PER_LITER)
  pricePerLiter: number;
}

@StrictBody()
export class ListFuelTariffsDto extends PageQueryDto {}
