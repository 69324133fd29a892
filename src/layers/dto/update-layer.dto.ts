import type { FeatureCollection } from '@app/geo-files';
import { UpdateMapItemDto } from '@app/geo/map-item';
import { StrictBody, WhenSent } from '@app/http';
import { IsLayerFeatures } from './layer-fields';

/** The fields to change, at least one; `features` replaces them all. */
@StrictBody()
export class UpdateLayerDto extends UpdateMapItemDto {
  @WhenSent()
  @IsLayerFeatures()
  features?: FeatureCollection;
}
