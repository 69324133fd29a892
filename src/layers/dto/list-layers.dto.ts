import { PageQueryDto, StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class ListLayersDto extends PageQueryDto {
  /**
   * Part of the name, any case (1 to 100 characters).
   * @example "rutas"
   */
  @ValidateText({ optional: true, max: 100 })
  q?: string;
}
