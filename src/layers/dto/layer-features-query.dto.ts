import { ValidateBy } from 'class-validator';
import { StrictBody } from '@app/http';
import { parseBbox } from '../geometry/bbox-parameter';

@StrictBody()
export class LayerFeaturesQueryDto {
  /**
   * The box to draw, `minLng,minLat,maxLng,maxLat` (min below max, longitudes -180..180, latitudes -90..90).
   * @example "-70.8,-33.6,-70.5,-33.3"
   */
  @ValidateBy({
    name: 'isBbox',
    validator: {
      validate: (value) => typeof parseBbox(value) !== 'string',
      defaultMessage: (args) => `bbox: ${String(parseBbox(args?.value))}`,
    },
  })
  bbox: string;
}
