import type { FeatureCollection } from '@app/geo-files';
import { MultilineText, StrictBody, ValidateText, WhenSent } from '@app/http';
import { IsLayerColor, IsLayerFeatures } from './layer-fields';

/** The fields to change, at least one; `features` replaces them all. */
@StrictBody()
export class UpdateLayerDto {
  /** @example "Rutas de reparto 2027" */
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  /** @example "Recorridos de la zona norte y centro" */
  @WhenSent()
  @ValidateText({ min: 0, max: 1000 })
  @MultilineText()
  description?: string;

  /** @example "#1e88e5" */
  @WhenSent()
  @IsLayerColor()
  color?: string;

  @WhenSent()
  @IsLayerFeatures()
  features?: FeatureCollection;
}
