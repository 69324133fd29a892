import { IsNumber, Max, Min } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody } from '@app/http';

/** An asset's fuel profile (DESIGN.md, "asset fuel profile"): every field, each time. */
@StrictBody()
export class FuelProfileDto {
  /** A fuel tariff of the client (`GET /api/fuel-tariffs`). */
  @IsObjectIdString()
  tariffId: string;

  /**
   * Litres per 100 km (0.1 to 200).
   * @example 32.5
   */
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0.1)
  @Max(200)
  consumptionLPer100Km: number;

  /**
   * The tank's capacity, litres (1 to 5 000).
   * @example 400
   */
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 })
  @Min(1)
  @Max(5000)
  tankCapacityL: number;
}
