import { IsNumber, IsPositive, Max, ValidateIf } from 'class-validator';
import { StrictBody, ValidateText } from '@app/http';

/** Highest accepted price per litre: far above any real price, it catches unit mistakes. */
export const MAX_PRICE_PER_LITER = 100_000;

/**
 * The editable fields of a custom tariff. Anything else, the base type included, is refused;
 * at least one of the two must be sent (checked by the service). `null` is refused, not ignored.
 */
@StrictBody()
export class UpdateFuelTariffDto {
  /** New name, 1 to 100 characters (trimmed). */
  @ValidateIf((_, value) => value !== undefined)
  @ValidateText({ max: 100 })
  name?: string;

  /** New manual price per litre in pesos: greater than 0, at most two decimals. */
  @ValidateIf((_, value) => value !== undefined)
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @IsPositive()
  @Max(MAX_PRICE_PER_LITER)
  pricePerLiter?: number;
}
