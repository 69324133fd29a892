import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import { readSheetFile, SHEET_FIELD, UploadedSheet } from '@app/sheets';
import { Driver } from '../schemas/driver.schema';
import { withoutUndefined } from '../without-undefined';
import { alreadyRegisteredReason } from '../import/driver-import-plan';
import { DriverField } from './driver-columns';
import { checkDriverSheet, PreviewProblem } from './driver-sheet-preview';
import { DriverImportPreviewView } from './driver-preview.view';

const FIELD_ORDER: Array<DriverField | null> = [null, 'firstName', 'lastName', 'rut', 'phone', 'email', 'address', 'city'];

/**
 * The preview of a driver sheet before its import: reads the file (.xlsx or CSV, by content),
 * applies the import's rules row by row, and marks RUTs the client already has. Reads only:
 * nothing is written and no activity is recorded.
 */
@Injectable()
export class DriverImportPreviewService {
  constructor(@InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>) {}

  async preview(auth: AuthContext, file: UploadedSheet | undefined): Promise<DriverImportPreviewView> {
    if (!file) throw badRequest(`Send the sheet as multipart/form-data, in the field "${SHEET_FIELD}" (an .xlsx or CSV file).`);
    const grid = await readSheetFile(file.buffer);
    const { candidates, problems, dataRows } = checkDriverSheet(grid);

    // `{clientId, rut: {$in}}`: the keys of the unique index (archived drivers keep their RUT too).
    const ruts = candidates.map((candidate) => candidate.driver.rut);
    const registered = new Set(
      ruts.length === 0 ? [] : (await this.drivers.find(auth, { rut: { $in: ruts } }, { projection: { rut: 1 } })).map((driver) => driver.rut),
    );
    const ready = candidates.filter((candidate) => !registered.has(candidate.driver.rut));
    for (const candidate of candidates) {
      if (registered.has(candidate.driver.rut)) {
        problems.push({ row: candidate.source.row, field: 'rut', level: 'error', message: alreadyRegisteredReason(candidate.driver.rut) });
      }
    }
    problems.sort(byRowThenField);
    const invalid = new Set(problems.filter((problem) => problem.level === 'error' && problem.row > 1).map((problem) => problem.row));
    return {
      rows: ready.map(({ source, driver }) => withoutUndefined({ row: source.row, ...driver })),
      problems,
      summary: withoutUndefined({
        format: grid.format,
        sheetName: grid.sheetName,
        encoding: grid.encoding,
        delimiter: grid.delimiter,
        totalRows: dataRows,
        validRows: ready.length,
        invalidRows: invalid.size,
        warnings: problems.filter((problem) => problem.level === 'warning').length,
      }),
    };
  }
}

function byRowThenField(a: PreviewProblem, b: PreviewProblem): number {
  return a.row - b.row || FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field);
}
