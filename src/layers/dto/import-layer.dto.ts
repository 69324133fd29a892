import { IsOptional } from 'class-validator';
import { MultilineText, StrictBody, ValidateText } from '@app/http';
import { IsLayerColor } from './layer-fields';

/** The form fields beside the file (multipart/form-data). */
@StrictBody()
export class ImportLayerDto {
  /**
   * The layer's name; default: the file's own name for its contents (a KML document's), else the file name without extension.
   * @example "Rutas de reparto"
   */
  @ValidateText({ max: 200, optional: true })
  name?: string;

  /** @example "Importado desde Google Earth" */
  @ValidateText({ min: 0, max: 1000, optional: true })
  @MultilineText()
  description?: string;

  /** @example "#6d4c41" */
  @IsOptional()
  @IsLayerColor()
  color?: string;
}
