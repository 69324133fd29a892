import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsString, Length, ValidateBy } from 'class-validator';
import { GEOMETRY_LIMITS, geometryProblem } from '@app/geo';

/** A place's limits (DESIGN.md, "Places and visits"). */
export const PLACE_LIMITS = {
  radiusM: { min: 10, max: 5_000, default: 100 },
  visitMinutes: { min: 1, max: 240, default: 3 },
  tags: 20,
  tagLength: 50,
} as const;

const position = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' }, description: '[longitude, latitude]' };

/** What the message says when `type` is not the one the field takes. */
const typed = (value: unknown, type: string): string | null =>
  value && typeof value === 'object' && !Array.isArray(value) && (value as { type?: unknown }).type !== type
    ? `type must be ${type}`
    : geometryProblem(value, 'unchecked');

/** One GeoJSON geometry of the given type, checked by `geometryProblem` (its message names the rule and where). */
function IsGeometryOf(type: 'Point' | 'Polygon', description: string, coordinates: object, example: object): PropertyDecorator {
  return applyDecorators(
    // `oneOf` of one: ApiProperty's own `required` is whether the field is, not the object's keys.
    ApiProperty({
      oneOf: [
        { type: 'object', required: ['type', 'coordinates'], properties: { type: { type: 'string', enum: [type] }, coordinates }, additionalProperties: false },
      ],
      description,
      example,
    }),
    ValidateBy({
      name: `isPlace${type}`,
      validator: {
        validate: (value) => typed(value, type) === null,
        defaultMessage: (args) => typed(args?.value, type) ?? `must be a GeoJSON ${type}`,
      },
    }),
  );
}

/** The pin: a GeoJSON Point `[lng, lat]` within range. */
export const IsPlaceLocation = (): PropertyDecorator =>
  IsGeometryOf('Point', 'The pin, GeoJSON `Point` `[lng, lat]`: the circle’s centre and where `near=` measures to', position, {
    type: 'Point',
    coordinates: [-70.7312, -33.4489],
  });

/** A drawn outline: a GeoJSON Polygon (rings closed, 4 to 1 000 positions, not crossing themselves, holes inside). */
export const IsPlaceArea = (): PropertyDecorator =>
  IsGeometryOf(
    'Polygon',
    'A drawn outline, GeoJSON `Polygon` (rings closed, 4 to 1 000 positions, not crossing themselves): when set it decides what is inside, not the circle',
    { type: 'array', minItems: 1, items: { type: 'array', minItems: 4, maxItems: GEOMETRY_LIMITS.positionsPerRing, items: position } },
    {
      type: 'Polygon',
      coordinates: [
        [
          [-70.732, -33.449],
          [-70.73, -33.449],
          [-70.73, -33.448],
          [-70.732, -33.448],
          [-70.732, -33.449],
        ],
      ],
    },
  );

/** Up to 20 distinct tags of 1 to 50 characters. */
export const PlaceTags = (): PropertyDecorator =>
  applyDecorators(
    IsArray(),
    ArrayMaxSize(PLACE_LIMITS.tags, { message: `tags: at most ${PLACE_LIMITS.tags}` }),
    ArrayUnique({ message: 'tags must not repeat a tag' }),
    IsString({ each: true, message: 'each tag must be text' }),
    Length(1, PLACE_LIMITS.tagLength, { each: true, message: `each tag must be 1 to ${PLACE_LIMITS.tagLength} characters` }),
  );
