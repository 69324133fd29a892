import { Matches } from 'class-validator';
import { AllAssetsField, AssetTargetIdsField } from '@app/fleet';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import { AreaGeometry } from '@app/geo';
import { GeofenceRadius, GeofenceSpeedLimit, GeofenceWidth, IsGeofenceGeometry } from './geofence-fields';

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
  @GeofenceRadius()
  radiusM?: number;

  @WhenSent()
  @GeofenceWidth()
  widthM?: number;

  @WhenSent({ nullable: true })
  @GeofenceSpeedLimit()
  speedLimitKmh?: number | null;

  @AllAssetsField()
  allAssets?: boolean;

  @AssetTargetIdsField()
  assetIds?: string[];

  @AssetTargetIdsField()
  groupIds?: string[];
}
