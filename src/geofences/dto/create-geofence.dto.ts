import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { AllAssetsField, AssetTargetIdsField } from '@app/fleet';
import { StrictBody } from '@app/http';
import { AreaGeometry } from '@app/geo';
import { CreateMapItemDto } from '@app/geo/map-item';
import { GeofenceRadius, GeofenceSpeedLimit, GeofenceWidth, IsGeofenceGeometry } from './geofence-fields';

/** A new geofence: `color` defaults to `#1e88e5`. */
@StrictBody()
export class CreateGeofenceDto extends CreateMapItemDto {
  @IsGeofenceGeometry()
  geometry: AreaGeometry;

  /**
   * A circle's radius in metres (with a Point), 10 to 100 000.
   * @example 250
   */
  @IsOptional()
  @GeofenceRadius()
  radiusM?: number;

  /** A corridor's full width in metres (with a LineString), 5 to 5 000: half on each side of the line. */
  @IsOptional()
  @GeofenceWidth()
  widthM?: number;

  /**
   * The speed limit inside, km/h (1 to 300); the lowest of the geofences an asset is in applies.
   * @example 30
   */
  @IsOptional()
  @GeofenceSpeedLimit()
  speedLimitKmh?: number;

  /** Applies to every asset of the client (default), or only to `assetIds` and the assets of `groupIds`. */
  @AllAssetsField({ nullAsAbsent: true })
  allAssets?: boolean;

  @AssetTargetIdsField({ nullAsAbsent: true })
  assetIds?: string[];

  @AssetTargetIdsField({ nullAsAbsent: true })
  groupIds?: string[];
}

/** The shape the document gives `geometry` in answers (the same as in requests). */
export class GeofenceGeometryView {
  @ApiProperty({ enum: ['Point', 'LineString', 'Polygon', 'MultiPolygon'] })
  type: AreaGeometry['type'];

  @ApiProperty({ type: 'array', items: {}, description: 'GeoJSON coordinates, `[lng, lat]` positions' })
  coordinates: unknown;
}
