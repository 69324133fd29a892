import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { mapItemViewFields } from '@app/geo/map-item';
import { GeofenceGeometryView } from './dto/create-geofence.dto';
import type { Geofence } from './schemas/geofence.schema';
import { orNull, recordTimes } from '@app/http';

export class GeofenceView {
  id: string;
  /** @example "Depósito Pudahuel" */
  name: string;
  description: string;
  /** @example "#e53935" */
  color: string;
  @ApiProperty({ type: () => GeofenceGeometryView })
  geometry: GeofenceGeometryView;
  /** A circle's radius, metres; null for other shapes. */
  radiusM: number | null;
  /** A corridor's full width, metres; null for other shapes. */
  widthM: number | null;
  /** km/h; null: no limit of its own. */
  speedLimitKmh: number | null;
  allAssets: boolean;
  assetIds: string[];
  groupIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export function toGeofenceView(geofence: Stored<Geofence>): GeofenceView {
  return {
    ...mapItemViewFields(geofence),
    geometry: geofence.geometry,
    ...orNull(geofence, 'radiusM', 'widthM', 'speedLimitKmh'),
    allAssets: geofence.allAssets,
    assetIds: geofence.assetIds.map(String),
    groupIds: geofence.groupIds.map(String),
    ...recordTimes(geofence),
  };
}
