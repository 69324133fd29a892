import { IsBoolean, IsOptional } from 'class-validator';
import { QueryBoolean, StrictBody } from '@app/http';

@StrictBody()
export class ImportTasksQueryDto {
  /**
   * `true`: check every row and answer the same counts, writing nothing.
   * @example true
   */
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'dryRun must be true or false' })
  dryRun?: boolean;
}
