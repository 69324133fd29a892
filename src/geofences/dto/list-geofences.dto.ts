import { IsOptional, Matches } from 'class-validator';
import { IsOptionalObjectId } from '@app/formats';
import { PageQueryDto, StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class ListGeofencesDto extends PageQueryDto {
  /** Part of the name, any case (1 to 100 characters). */
  @ValidateText({ optional: true, max: 100 })
  q?: string;

  /** Only the geofences that apply to this asset (all-assets ones, its own, its groups'). */
  @IsOptionalObjectId()
  assetId?: string;

  /**
   * Only the geofences this point is inside: `lat,lng`.
   * @example "-33.4489,-70.7312"
   */
  @IsOptional()
  @Matches(/^-?\d{1,2}(\.\d{1,10})?,-?\d{1,3}(\.\d{1,10})?$/, { message: 'contains must be lat,lng (e.g. -33.4489,-70.7312)' })
  contains?: string;
}
