import { IsOptional, IsString, Matches } from 'class-validator';
import { IsOptionalObjectId } from '@app/formats';
import { StrictBody } from '@app/http';

/** Which assets: all of the caller's by default. */
@StrictBody()
export class LatestPositionsQueryDto {
  /** Comma-separated asset ids (24 hexadecimal characters each), at most 1000. */
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-fA-F]{24}(,[0-9a-fA-F]{24}){0,999}$/, { message: 'assetIds must be up to 1000 comma-separated asset ids' })
  assetIds?: string;

  /** Only the assets of this asset group. */
  @IsOptionalObjectId()
  groupId?: string;
}
