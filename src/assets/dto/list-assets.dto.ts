import { IsBoolean, IsOptional } from 'class-validator';
import { IsOptionalObjectId } from '@app/formats';
import { PageQueryDto, QueryBoolean, StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class ListAssetsDto extends PageQueryDto {
  /** Part of the name or plate, any case (1 to 100 characters). */
  @ValidateText({ optional: true, max: 100 })
  q?: string;

  /** Only the assets of this group. */
  @IsOptionalObjectId()
  groupId?: string;

  /** Only assets of this kind (exact). */
  @ValidateText({ optional: true, max: 50 })
  kind?: string;

  /** `true`: only archived assets; `false` (default): only assets in service. */
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'archived must be true or false' })
  archived?: boolean;
}
