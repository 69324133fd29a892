import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min, ValidateNested } from 'class-validator';
import { ValidateText } from '@app/http';

export const MAX_IMPORT_ROWS = 1000;

/**
 * One spreadsheet row as confirmed in the preview. Only presence, types and lengths are checked
 * here (a problem is a 400 for the whole request); the RUT, email and phone rules are checked per
 * row by the import, which rejects that row alone.
 */
export class DriverImportRowDto {
  /** Row number in the sheet; the header is row 1. */
  @IsInt()
  @Min(2)
  @Max(1_048_576)
  row: number;

  @ValidateText({ max: 100 })
  firstName: string;

  @ValidateText({ max: 100 })
  lastName: string;

  /** Normalized RUT (`12345678-5`); dots, spaces and a lower-case k are tolerated and normalized. */
  @ValidateText({ max: 20 })
  rut: string;

  /** Digits with an optional leading `+`; absent (or empty) when the cell was empty. */
  @ValidateText({ optional: true, min: 0, max: 30 })
  phone?: string;

  /** Absent (or empty) when the cell was empty; stored in lower case. */
  @ValidateText({ optional: true, min: 0, max: 254 })
  email?: string;

  @ValidateText({ optional: true, min: 0, max: 200 })
  address?: string;

  @ValidateText({ optional: true, min: 0, max: 100 })
  city?: string;
}

export class ImportDriversDto {
  /** 1 to 1000 rows. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_IMPORT_ROWS)
  @ValidateNested({ each: true })
  @Type(() => DriverImportRowDto)
  rows: DriverImportRowDto[];
}
