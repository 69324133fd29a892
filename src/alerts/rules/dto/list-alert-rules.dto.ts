import { IsBoolean, IsOptional } from 'class-validator';
import { PageQueryDto, QueryBoolean, StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class ListAlertRulesDto extends PageQueryDto {
  /** Part of the name, any case (1 to 100 characters). */
  @ValidateText({ optional: true, max: 100 })
  q?: string;

  /** Only enabled (`true`) or disabled (`false`) rules. */
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  enabled?: boolean;
}
