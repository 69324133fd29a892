import { IsInt, Max, Min } from 'class-validator';
import { StrictBody, ValidateText, WhenSent } from '@app/http';

@StrictBody()
export class CreateApiTokenDto {
  /**
   * What the token is for.
   * @example "ERP integration"
   */
  @ValidateText({ max: 100 })
  name: string;

  /**
   * Days until the token stops working; omitted (or `null`): it lasts until revoked.
   * @example 90
   */
  @WhenSent({ nullAsAbsent: true })
  @IsInt()
  @Min(1)
  @Max(3650)
  expiresInDays?: number;
}
