import { IsIn, IsOptional } from 'class-validator';
import { StrictBody } from '@app/http';

@StrictBody()
export class TemplateQueryDto {
  /** `xlsx` (default) or `csv` (UTF-8 with a BOM, `;`-separated). */
  @IsOptional()
  @IsIn(['xlsx', 'csv'], { message: 'format must be xlsx or csv' })
  format?: 'xlsx' | 'csv';
}
