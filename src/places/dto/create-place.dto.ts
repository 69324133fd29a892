import { IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import type { PointGeometry, PolygonGeometry } from '@app/geo';
import { IsPlaceArea, IsPlaceLocation, PLACE_LIMITS, PlaceTags } from './place-fields';

/** A place (docs/places.md). The CSV import validates each row as this DTO too. */
@StrictBody()
export class CreatePlaceDto {
  /** @example "Supermercado Lo Valledor" */
  @ValidateText({ max: 200 })
  name: string;

  /** @example "Av. General Velásquez 1225, Pedro Aguirre Cerda" */
  @ValidateText({ min: 0, max: 500, optional: true })
  address?: string;

  @IsPlaceLocation()
  location: PointGeometry;

  /**
   * The circle's radius in metres, 10 to 5 000 (default 100); with an `area`, the area decides.
   * @example 150
   */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'radiusM must be a number of metres' })
  @Min(PLACE_LIMITS.radiusM.min)
  @Max(PLACE_LIMITS.radiusM.max)
  radiusM?: number;

  @WhenSent({ nullAsAbsent: true })
  @IsPlaceArea()
  area?: PolygonGeometry;

  /**
   * The customer's own id for the place, 1 to 100 characters, unique in the client: imports update by it.
   * @example "CLI-00042"
   */
  @ValidateText({ max: 100, optional: true })
  externalId?: string;

  /**
   * Up to 20 distinct tags of 1 to 50 characters; `tag=` filters the list.
   * @example ["cliente", "supermercado"]
   */
  @IsOptional()
  @PlaceTags()
  tags?: string[];

  /** @example "Entrada de camiones por calle lateral.\nRecepción de 8 a 14 h." */
  @ValidateText({ min: 0, max: 2000, optional: true })
  @MultilineText()
  notes?: string;

  /**
   * Minutes stopped inside that make a visit, 1 to 240 (default 3).
   * @example 5
   */
  @IsOptional()
  @IsInt({ message: 'visitMinutes must be a whole number of minutes' })
  @Min(PLACE_LIMITS.visitMinutes.min)
  @Max(PLACE_LIMITS.visitMinutes.max)
  visitMinutes?: number;
}
