import type { FeatureCollection } from '@app/geo-files';
import { CreateMapItemDto } from '@app/geo/map-item';
import { StrictBody } from '@app/http';
import { IsLayerFeatures } from './layer-fields';

/** A new layer: `color` defaults to `#6d4c41`. */
@StrictBody()
export class CreateLayerDto extends CreateMapItemDto {
  @IsLayerFeatures()
  features: FeatureCollection;
}
