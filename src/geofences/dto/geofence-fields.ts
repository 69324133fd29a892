import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, Max, Min, ValidateBy } from 'class-validator';
import { GEOMETRY_LIMITS, geometryProblem } from '@app/geo';

const position = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' }, description: '[longitude, latitude]' };
const ring = { type: 'array', minItems: 4, maxItems: GEOMETRY_LIMITS.positionsPerRing, items: position };
const polygon = { type: 'array', minItems: 1, items: ring };

/** The GeoJSON geometries a geofence may have, as the OpenAPI document shows them. */
export const GEOMETRY_SCHEMA = {
  oneOf: [
    {
      type: 'object',
      required: ['type', 'coordinates'],
      properties: { type: { type: 'string', enum: ['Point'] }, coordinates: position },
      additionalProperties: false,
    },
    {
      type: 'object',
      required: ['type', 'coordinates'],
      properties: {
        type: { type: 'string', enum: ['LineString'] },
        coordinates: { type: 'array', minItems: 2, maxItems: GEOMETRY_LIMITS.lineStringPositions, items: position },
      },
      additionalProperties: false,
    },
    {
      type: 'object',
      required: ['type', 'coordinates'],
      properties: { type: { type: 'string', enum: ['Polygon'] }, coordinates: polygon },
      additionalProperties: false,
    },
    {
      type: 'object',
      required: ['type', 'coordinates'],
      properties: { type: { type: 'string', enum: ['MultiPolygon'] }, coordinates: { type: 'array', minItems: 1, items: polygon } },
      additionalProperties: false,
    },
  ],
  example: { type: 'Point', coordinates: [-70.7312, -33.4489] },
};

/**
 * A geofence's geometry, checked together with the body's `radiusM` and `widthM` — or, in an
 * update (`shapeOnly`), alone: the service checks it with the stored radius or width. The message
 * names the broken rule and where.
 */
export function IsGeofenceGeometry({ shapeOnly = false } = {}): PropertyDecorator {
  const sizeOf = (body: object | undefined) => (shapeOnly ? ('unchecked' as const) : sizesIn(body));
  return applyDecorators(
    ApiProperty({
      ...GEOMETRY_SCHEMA,
      description:
        'GeoJSON (`[lng, lat]`): `Point` + `radiusM` (a circle), `LineString` + `widthM` (a corridor), `Polygon` or `MultiPolygon` (holes allowed; rings closed, 4 to 1 000 positions, not crossing themselves)',
    }),
    ValidateBy({
      name: 'isGeofenceGeometry',
      validator: {
        validate: (value, args) => geometryProblem(value, sizeOf(args?.object)) === null,
        defaultMessage: (args) => geometryProblem(args?.value, sizeOf(args?.object)) ?? 'must be a geofence geometry',
      },
    }),
  );
}

const sizesIn = (body: object | undefined) => {
  const { radiusM, widthM } = (body ?? {}) as { radiusM?: number | null; widthM?: number | null };
  return { radiusM, widthM };
};

/** A number of metres or km/h between `min` and `max`, the message naming the field and its unit. */
const BoundedNumber = (field: string, unit: string, { min, max }: { min: number; max: number }): PropertyDecorator =>
  applyDecorators(IsNumber({ allowNaN: false, allowInfinity: false }, { message: `${field} must be a number of ${unit}` }), Min(min), Max(max));

/** `radiusM`: a circle's radius. */
export const GeofenceRadius = () => BoundedNumber('radiusM', 'metres', GEOMETRY_LIMITS.radiusM);

/** `widthM`: a corridor's full width. */
export const GeofenceWidth = () => BoundedNumber('widthM', 'metres', GEOMETRY_LIMITS.widthM);

/** `speedLimitKmh`: the speed limit inside. */
export const GeofenceSpeedLimit = () => BoundedNumber('speedLimitKmh', 'km/h', { min: 1, max: 300 });
