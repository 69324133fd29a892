import { IntersectionType } from '@nestjs/swagger';
import { AssetTargetsDto } from '@app/fleet';
import { StrictBody, WhenSent } from '@app/http';
import { AreaGeometry } from '@app/geo';
import { UpdateMapItemDto } from '@app/geo/map-item';
import { GeofenceRadius, GeofenceSpeedLimit, GeofenceWidth, IsGeofenceGeometry } from './geofence-fields';

/** The fields to change, at least one; `null` clears the speed limit. The geometry is checked with the radius or width it will have. */
@StrictBody()
export class UpdateGeofenceDto extends IntersectionType(UpdateMapItemDto, AssetTargetsDto) {
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
}
