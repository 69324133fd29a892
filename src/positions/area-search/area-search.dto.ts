import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNumber, Max, Min, ValidateBy } from 'class-validator';
import { IsIsoDateTime, IsObjectIdString } from '@app/formats';
import { StrictBody, WhenSent } from '@app/http';
import { GEOMETRY_LIMITS } from '@app/geo';
import { AREA_LIMITS, AreaGeometry, areaProblem } from './search-area';

/** The most assets one search names, and the most of the caller's it covers without `assetIds`. */
export const MAX_SEARCH_ASSETS = 500;

const position = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' }, description: '[longitude, latitude]' };
const ring = { type: 'array', minItems: 4, maxItems: GEOMETRY_LIMITS.positionsPerRing, items: position };

/** A polygon (holes allowed) or a circle's centre, checked with the body's `radiusM`. */
function IsAreaGeometry(): PropertyDecorator {
  const problem = (value: unknown, body: object | undefined) => areaProblem(value, (body as { radiusM?: unknown } | undefined)?.radiusM);
  return applyDecorators(
    ApiProperty({
      oneOf: [
        {
          type: 'object',
          required: ['type', 'coordinates'],
          properties: { type: { type: 'string', enum: ['Polygon'] }, coordinates: { type: 'array', minItems: 1, items: ring } },
          additionalProperties: false,
        },
        {
          type: 'object',
          required: ['type', 'coordinates'],
          properties: { type: { type: 'string', enum: ['Point'] }, coordinates: position },
          additionalProperties: false,
        },
      ],
      description:
        'GeoJSON (`[lng, lat]`): a `Polygon` (one outer ring, holes allowed; rings closed, 4 to 1 000 positions, not crossing themselves), or a `Point` with `radiusM` (a circle)',
      example: {
        type: 'Polygon',
        coordinates: [
          [
            [-70.79, -33.45],
            [-70.77, -33.45],
            [-70.77, -33.43],
            [-70.79, -33.43],
            [-70.79, -33.45],
          ],
        ],
      },
    }),
    ValidateBy({
      name: 'isAreaGeometry',
      validator: {
        validate: (value, args) => problem(value, args?.object) === null,
        defaultMessage: (args) => problem(args?.value, args?.object) ?? 'must be a Polygon or a Point',
      },
    }),
  );
}

/** Who was inside an area in a period: a polygon, or a circle (a `Point` and `radiusM`). */
@StrictBody()
export class AreaSearchDto {
  @IsAreaGeometry()
  geometry: AreaGeometry;

  /**
   * A circle's radius in metres (with a Point only), 10 to 50 000.
   * @example 300
   */
  @WhenSent()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'radiusM must be a number of metres' })
  @Min(AREA_LIMITS.radiusM.min)
  @Max(AREA_LIMITS.radiusM.max)
  radiusM?: number;

  /**
   * The period's start (ISO 8601 date-time), before `to`.
   * @example "2026-01-15T00:00:00-03:00"
   */
  @IsIsoDateTime()
  from: string;

  /**
   * The period's end (ISO 8601 date-time), at most 31 days after `from`.
   * @example "2026-01-16T00:00:00-03:00"
   */
  @IsIsoDateTime()
  to: string;

  /**
   * Only these assets (up to 500 ids); without it every tracked asset of the caller (up to 500).
   * @example ["65f0a1b2c3d4e5f601234567"]
   */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_SEARCH_ASSETS)
  @IsObjectIdString({ each: true })
  assetIds?: string[];
}
