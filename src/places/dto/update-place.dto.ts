import { IsInt, IsNumber, Max, Min } from 'class-validator';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import type { PointGeometry, PolygonGeometry } from '@app/geo';
import { IsPlaceArea, IsPlaceLocation, PLACE_LIMITS, PlaceTags } from './place-fields';

/** The fields to change, at least one; `null` clears `area`, `externalId`, `address` and `notes`. */
@StrictBody()
export class UpdatePlaceDto {
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 500 })
  address?: string | null;

  @WhenSent()
  @IsPlaceLocation()
  location?: PointGeometry;

  @WhenSent()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'radiusM must be a number of metres' })
  @Min(PLACE_LIMITS.radiusM.min)
  @Max(PLACE_LIMITS.radiusM.max)
  radiusM?: number;

  /** `null` removes the drawn outline: the circle decides again. */
  @WhenSent({ nullable: true })
  @IsPlaceArea()
  area?: PolygonGeometry | null;

  @WhenSent({ nullable: true })
  @ValidateText({ max: 100 })
  externalId?: string | null;

  @WhenSent()
  @PlaceTags()
  tags?: string[];

  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 2000 })
  @MultilineText()
  notes?: string | null;

  @WhenSent()
  @IsInt({ message: 'visitMinutes must be a whole number of minutes' })
  @Min(PLACE_LIMITS.visitMinutes.min)
  @Max(PLACE_LIMITS.visitMinutes.max)
  visitMinutes?: number;
}
