import { IsNumber, Matches, Max, Min } from 'class-validator';
import { AllAssetsField, AssetTargetIdsField } from '@app/fleet';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import { GEOMETRY_LIMITS, AreaGeometry } from '@app/geo';
import { IsGeofenceGeometry } from './geofence-fields';

/** The fields to change, at least one; `null` clears the speed limit. The geometry is checked with the radius or width it will have. */
@StrictBody()
export class UpdateGeofenceDto {
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  @WhenSent()
  @ValidateText({ min: 0, max: 1000 })
  @MultilineText()
  description?: string;

  @WhenSent()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'color must be #rrggbb' })
  color?: string;

  @WhenSent()
  @IsGeofenceGeometry({ shapeOnly: true })
  geometry?: AreaGeometry;

  @WhenSent()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'radiusM must be a number of metres' })
  @Min(GEOMETRY_LIMITS.radiusM.min)
  @Max(GEOMETRY_LIMITS.radiusM.max)
  radiusM?: number;

  @WhenSent()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'widthM must be a number of metres' })
  @Min(GEOMETRY_LIMITS.widthM.min)
  @Max(GEOMETRY_LIMITS.widthM.max)
  widthM?: number;

  @WhenSent({ nullable: true })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'speedLimitKmh must be a number of km/h' })
  @Min(1)
  @Max(300)
  speedLimitKmh?: number | null;

  @AllAssetsField()
  allAssets?: boolean;

  @AssetTargetIdsField()
  assetIds?: string[];

  @AssetTargetIdsField()
  groupIds?: string[];
}
