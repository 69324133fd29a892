import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import type { PointGeometry, PolygonGeometry } from '@app/geo';
import type { Place } from './schemas/place.schema';
import { recordTimes } from '@app/http';

/** GeoJSON as answers show it (the same as in requests). */
export class PlaceGeometryView {
  @ApiProperty({ enum: ['Point', 'Polygon'] })
  type: 'Point' | 'Polygon';

  @ApiProperty({ type: 'array', items: {}, description: 'GeoJSON coordinates, `[lng, lat]` positions' })
  coordinates: unknown;
}

export class PlaceView {
  id: string;
  /** @example "Supermercado Lo Valledor" */
  name: string;
  /** @example "Av. General Velásquez 1225, Pedro Aguirre Cerda" */
  address: string;
  @ApiProperty({ type: () => PlaceGeometryView, description: 'The pin, a GeoJSON Point' })
  location: PointGeometry;
  /** @example 150 */
  radiusM: number;
  @ApiProperty({ type: () => PlaceGeometryView, nullable: true, description: 'The drawn outline (a GeoJSON Polygon), or null: the circle decides' })
  area: PolygonGeometry | null;
  /** @example "CLI-00042" */
  externalId: string | null;
  /** @example ["cliente"] */
  tags: string[];
  notes: string;
  /** @example 3 */
  visitMinutes: number;
  /** With `near=`: metres from the point to the pin. */
  distanceM?: number;
  createdAt: Date;
  updatedAt: Date;
}

export function toPlaceView(place: Stored<Place>): PlaceView {
  return {
    id: place._id.toHexString(),
    name: place.name,
    address: place.address ?? '',
    location: place.location,
    radiusM: place.radiusM,
    area: place.area ?? null,
    externalId: place.externalId ?? null,
    tags: place.tags ?? [],
    notes: place.notes ?? '',
    visitMinutes: place.visitMinutes,
    ...recordTimes(place),
  };
}
