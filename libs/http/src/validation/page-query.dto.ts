import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { QueryWholeNumber } from './query-values';

/**
 * The paging parameters every list takes (docs/design.md): `limit` 1..200 (default 50) and the
 * opaque `cursor` of the previous page. A list's query DTO extends it and is `@StrictBody()`, so
 * an unknown filter is a 400.
 */
export class PageQueryDto {
  /** Records per page, 1 to 200 (default 50). */
  @IsOptional()
  @QueryWholeNumber()
  @IsInt({ message: 'limit must be a whole number from 1 to 200' })
  @Min(1, { message: 'limit must be a whole number from 1 to 200' })
  @Max(200, { message: 'limit must be a whole number from 1 to 200' })
  limit?: number;

  /** `page.nextCursor` of the previous page. */
  @IsOptional()
  @IsString()
  @MaxLength(512)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor must be page.nextCursor of the previous page' })
  cursor?: string;
}
