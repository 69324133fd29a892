import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class CreateApiTokenDto {
  /**
   * What the token is for.
   * @example "ERP integration"
   */
  @ValidateText({ max: 100 })
  name: string;

  /**
   * Days until the token stops working; omitted: it lasts until revoked.
   * @example 90
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3650)
  expiresInDays?: number;
}
