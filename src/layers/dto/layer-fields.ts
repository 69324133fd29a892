import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { featureCollectionProblem, LAYER_LIMITS } from '../layer-features';

/** A layer's colour when none is given. */
export const DEFAULT_LAYER_COLOR = '#6d4c41';

/** A GeoJSON FeatureCollection of at most 10 000 valid features; the message names the first bad one. */
export function IsLayerFeatures(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: 'object',
      required: ['type', 'features'],
      properties: {
        type: { type: 'string', enum: ['FeatureCollection'] },
        features: { type: 'array', maxItems: LAYER_LIMITS.features, items: { type: 'object', additionalProperties: true } },
      },
      description:
        'A GeoJSON FeatureCollection (`[lng, lat]` positions, longitude -180..180, latitude -90..90): Point, MultiPoint, LineString, MultiLineString, Polygon (rings closed, 4+ positions), MultiPolygon or GeometryCollection geometries, or null; `properties` an object or null. At most 10 000 features and 5 MB',
      example: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: [-70.65, -33.45] }, properties: { name: 'Bodega' } },
          {
            type: 'Feature',
            geometry: {
              type: 'LineString',
              coordinates: [
                [-70.7, -33.4],
                [-70.6, -33.5],
              ],
            },
            properties: { name: 'Ruta 68' },
          },
        ],
      },
    }),
    ValidateBy({
      name: 'isLayerFeatures',
      validator: {
        validate: (value) => featureCollectionProblem(value) === null,
        defaultMessage: (args) => `features: ${featureCollectionProblem(args?.value) ?? 'must be a GeoJSON FeatureCollection'}`,
      },
    }),
  );
}
