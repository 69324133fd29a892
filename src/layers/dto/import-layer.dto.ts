import { MapItemLookDto } from '@app/geo/map-item';
import { StrictBody, ValidateText } from '@app/http';

/** The form fields beside the file (multipart/form-data); `color` defaults to `#6d4c41`. */
@StrictBody()
export class ImportLayerDto extends MapItemLookDto {
  /**
   * The layer's name; default: the file's own name for its contents (a KML document's), else the file name without extension.
   * @example "Rutas de reparto"
   */
  @ValidateText({ max: 200, optional: true })
  name?: string;
}
