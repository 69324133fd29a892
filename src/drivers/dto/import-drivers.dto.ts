import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';

export const MAX_IMPORT_ROWS = 1000;

/**
 * One spreadsheet row as confirmed in the preview. Presence, types and lengths are checked by
 * `checkRowShapes` (import/driver-row-shape.ts: a problem is a 400 for the whole request); the
 * RUT, email and phone rules are checked per row by the import, which rejects that row alone.
 */
export class DriverImportRowDto {
  /** Row number in the sheet, an integer from 2 (the header is row 1). */
  row: number;
  /** Required, up to 100 characters. */
  firstName: string;
  /** Required, up to 100 characters. */
  lastName: string;
  /** Required: normalized RUT (`12345678-5`), up to 20 characters; dots, spaces, a missing hyphen and a lower-case k are tolerated and normalized. */
  rut: string;
  /** Digits with an optional leading `+` (spaces removed), up to 30 characters; absent or empty when the cell was empty. */
  phone?: string;
  /** Up to 254 characters, stored in lower case; absent or empty when the cell was empty. */
  email?: string;
  /** Up to 200 characters. */
  address?: string;
  /** Up to 100 characters. */
  city?: string;
}

export class ImportDriversDto {
  /** 1 to 1000 rows. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_IMPORT_ROWS)
  rows: DriverImportRowDto[];
}
