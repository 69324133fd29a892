import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { validationFailed } from '@app/errors';
import type { Feature } from '@app/geo-files';
import { boxesOverlap, type Bbox } from './geometry/bbox';
import { parseBbox } from './geometry/bbox-parameter';
import { intersectsBox } from './geometry/box-intersection';
import { FeatureCollectionView } from './layer.view';
import { Layer } from './schemas/layer.schema';

/**
 * A layer's features that meet a box, for a map that draws what is on screen: the layer's box
 * first (a box off it parses no feature), then each feature's stored box, then the exact test.
 */
@Injectable()
export class LayerFeatures {
  constructor(@InjectRepository(Layer) private readonly layers: TenantRepository<Layer>) {}

  async inBox(auth: AuthContext, id: string, bbox: string): Promise<FeatureCollectionView> {
    const box = parseBbox(bbox);
    if (typeof box === 'string') throw validationFailed([{ path: 'bbox', message: `bbox ${box}` }]);
    const outline = await this.layers.findByIdOrFail(auth, id, 'Layer');
    return { type: 'FeatureCollection', features: outline.bbox && boxesOverlap(outline.bbox, box) ? this.meeting(outline, box) : [] };
  }

  private meeting(layer: Layer, box: Bbox): Feature[] {
    const features = JSON.parse(layer.featuresJson) as Feature[];
    return features.filter((feature, i) => {
      const own = layer.featureBboxes[i];
      return own !== null && own !== undefined && boxesOverlap(own, box) && feature.geometry !== null && intersectsBox(feature.geometry, box);
    });
  }
}
