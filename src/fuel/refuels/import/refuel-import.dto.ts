import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Min, ValidateNested } from 'class-validator';
import { StrictBody } from '@app/http';
import { CreateRefuelDto } from '../refuel.dto';
import { MAX_REFUEL_ROWS } from './refuel-sheet';

/** A row of a preview, sent back to import it: a refuel and the sheet's row it came from. */
@StrictBody()
export class RefuelImportRowDto extends CreateRefuelDto {
  /** The sheet's row (for the answer's failures). */
  @IsInt()
  @Min(1)
  row: number;
}

@StrictBody()
export class ImportRefuelsDto {
  /** 1 to 1000 rows, as the preview answered them. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REFUEL_ROWS)
  @ValidateNested({ each: true })
  @Type(() => RefuelImportRowDto)
  rows: RefuelImportRowDto[];
}
