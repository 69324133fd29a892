import { IsOptional } from 'class-validator';
import type { FeatureCollection } from '@app/geo-files';
import { MultilineText, StrictBody, ValidateText } from '@app/http';
import { IsLayerColor, IsLayerFeatures } from './layer-fields';

@StrictBody()
export class CreateLayerDto {
  /** @example "Rutas de reparto" */
  @ValidateText({ max: 200 })
  name: string;

  /** @example "Recorridos de la zona norte" */
  @ValidateText({ min: 0, max: 1000, optional: true })
  @MultilineText()
  description?: string;

  /**
   * The map colour, `#rrggbb` (default `#6d4c41`).
   * @example "#6d4c41"
   */
  @IsOptional()
  @IsLayerColor()
  color?: string;

  @IsLayerFeatures()
  features: FeatureCollection;
}
