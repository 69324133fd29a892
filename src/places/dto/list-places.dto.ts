import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { PageQueryDto, QueryWholeNumber, StrictBody, ValidateText } from '@app/http';

/** `near=`'s largest radius: a metropolitan area. */
export const MAX_NEAR_RADIUS_M = 100_000;
export const DEFAULT_NEAR_RADIUS_M = 1_000;

@StrictBody()
export class ListPlacesDto extends PageQueryDto {
  /**
   * A word of the name or the address starting with this, any case, accents ignored (1 to 100 characters).
   * @example "valle"
   */
  @ValidateText({ optional: true, max: 100 })
  q?: string;

  /**
   * Only the places with this tag (exactly).
   * @example "cliente"
   */
  @ValidateText({ optional: true, max: 50 })
  tag?: string;

  /**
   * Only the place with this external id.
   * @example "CLI-00042"
   */
  @ValidateText({ optional: true, max: 100 })
  externalId?: string;

  /**
   * Only the places whose pin is within `radiusM` of this point, `lat,lng`, nearest first.
   * @example "-33.4489,-70.7312"
   */
  @IsOptional()
  @Matches(/^-?\d{1,2}(\.\d{1,10})?,-?\d{1,3}(\.\d{1,10})?$/, { message: 'near must be lat,lng (e.g. -33.4489,-70.7312)' })
  near?: string;

  /**
   * With `near`: metres from the point, 1 to 100 000 (default 1 000).
   * @example 2000
   */
  @IsOptional()
  @QueryWholeNumber()
  @IsInt({ message: `radiusM must be a whole number of metres from 1 to ${MAX_NEAR_RADIUS_M}` })
  @Min(1, { message: `radiusM must be a whole number of metres from 1 to ${MAX_NEAR_RADIUS_M}` })
  @Max(MAX_NEAR_RADIUS_M, { message: `radiusM must be a whole number of metres from 1 to ${MAX_NEAR_RADIUS_M}` })
  radiusM?: number;
}
