import { StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class GeocodeQueryDto {
  /**
   * An address or place name, 1 to 200 characters.
   * @example "Providencia"
   */
  @ValidateText({ max: 200 })
  q: string;
}
