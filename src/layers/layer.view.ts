import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import type { Feature } from '@app/geo-files';
import { mapItemViewFields } from '@app/geo/map-item';
import type { Layer } from './schemas/layer.schema';
import { recordTimes } from '@app/http';

/** A layer as the list answers it: everything but its features (a layer may hold 5 MB of them). */
export class LayerSummaryView {
  id: string;
  /** @example "Rutas de reparto" */
  name: string;
  /** @example "Recorridos de la zona norte" */
  description: string;
  /** @example "#6d4c41" */
  color: string;
  /** @example 3 */
  featureCount: number;
  /**
   * The box around every feature, `[minLng, minLat, maxLng, maxLat]`; null when no feature has a geometry.
   * @example [-70.75, -33.5, -70.6, -33.4]
   */
  @ApiProperty({ type: [Number], nullable: true, minItems: 4, maxItems: 4, example: [-70.75, -33.5, -70.6, -33.4] })
  bbox: number[] | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A GeoJSON FeatureCollection, as answers carry it. */
export class FeatureCollectionView {
  @ApiProperty({ enum: ['FeatureCollection'] })
  type: 'FeatureCollection';

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: "GeoJSON Features (`[lng, lat]` positions), in the layer's order",
    example: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-70.65, -33.45] }, properties: { name: 'Bodega' } }],
  })
  features: Feature[];
}

/** One layer with its features. */
export class LayerView extends LayerSummaryView {
  @ApiProperty({ type: () => FeatureCollectionView })
  features: FeatureCollectionView;
}

export function toLayerSummaryView(layer: Stored<Layer>): LayerSummaryView {
  return {
    ...mapItemViewFields(layer),
    featureCount: layer.featureCount,
    bbox: layer.bbox ?? null,
    ...recordTimes(layer),
  };
}

export function toLayerView(layer: Stored<Layer>): LayerView {
  return { ...toLayerSummaryView(layer), features: { type: 'FeatureCollection', features: JSON.parse(layer.featuresJson) as Feature[] } };
}
