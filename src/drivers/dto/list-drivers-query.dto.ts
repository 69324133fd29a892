import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto, StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class ListDriversQueryDto extends PageQueryDto {
  /** The start of a first name, last name or full name (case and accents do not matter), of a RUT (with or without dots) or of an email. */
  @ValidateText({ optional: true, max: 100 })
  q?: string;

  /** Drivers of this city (case and accents do not matter). */
  @ValidateText({ optional: true, max: 100 })
  city?: string;

  /** `active` (default), `archived` or `all`. */
  @IsOptional()
  @IsIn(['active', 'archived', 'all'], { message: 'status must be active, archived or all' })
  status?: 'active' | 'archived' | 'all';
}
