import { IsFuelGrade, type FuelGrade } from '@app/formats';

export class FuelPriceHistoryQueryDto {
  /** Only records of this grade; all grades when absent. */
  @IsFuelGrade({ optional: true })
  fuelType?: FuelGrade;
}
