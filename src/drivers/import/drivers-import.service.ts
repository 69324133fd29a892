import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { validationFailed } from '@app/errors';
import { Driver } from '../schemas/driver.schema';
import { withoutUndefined } from '../without-undefined';
import { driverSearchKeys } from '../driver-search-keys';
import { DriverImportResultView } from '../driver-import-result.view';
import { alreadyRegisteredReason, CandidateRow, failedRow, FailedRow, planImport } from './driver-import-plan';
import { checkRowShapes } from './driver-row-shape';

/**
 * Creates the valid rows of an import in two round trips, whatever the row count: one unordered
 * bulk insert and one activity event. The unique index `{clientId, rut}` decides which RUTs are
 * already registered — by an earlier import or by one running at the same moment: such a row comes
 * back as a duplicate-key error and becomes a failed row, never a second driver (the app starts
 * only once the index exists: `DatabaseIndexes`). (A separate
 * lookup of registered RUTs first was measured slower: mongo-java-server scans for `$in` over
 * 1000 values, 1 s at 6000 drivers, and it would still need the index to settle races.)
 */
@Injectable()
export class DriversImportService {
  constructor(
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
    private readonly activity: ActivityRecorder,
  ) {}

  async import(auth: AuthContext, input: readonly unknown[]): Promise<DriverImportResultView> {
    const { rows, errors } = checkRowShapes(input);
    if (errors.length > 0) throw validationFailed(errors);
    const plan = planImport(rows);
    const failed: Array<{ index: number; failed: FailedRow }> = [...plan.rejected];
    const registered = await this.insert(auth, plan.candidates);
    const created = plan.candidates.filter((_, position) => !registered.has(position));
    for (const position of registered) {
      const candidate = plan.candidates[position];
      failed.push({ index: candidate.index, failed: failedRow(candidate.source, alreadyRegisteredReason(candidate.driver.rut)) });
    }
    const failedRows: FailedRow[] = failed.sort((a, b) => a.index - b.index).map((entry) => entry.failed);

    await this.activity.record(auth, {
      action: 'driver.import',
      resourceType: 'driver',
      summary: `Driver import: ${created.length} created, ${failedRows.length} rejected of ${rows.length} rows`,
      after: { created: created.map((candidate) => ({ row: candidate.source.row, rut: candidate.driver.rut })) },
      details: { rowCount: rows.length, createdCount: created.length, failedRows: failedRows.map(({ row, reason }) => ({ row, reason })) },
    });
    return { createdCount: created.length, failedRows };
  }

  /** Inserts the rows; returns the positions (in `rows`) whose RUT the client already has. */
  private async insert(auth: AuthContext, rows: CandidateRow[]): Promise<Set<number>> {
    if (rows.length === 0) return new Set();
    const now = new Date();
    const documents = rows.map(({ driver }) => ({
      _id: new Types.ObjectId(),
      userId: auth.userId,
      ...withoutUndefined(driver),
      ...driverSearchKeys(driver),
      createdAt: now,
      updatedAt: now,
    }));
    // Through the driver: the rows are validated already; skipping mongoose keeps 1000 rows cheap.
    return this.drivers.insertNew(auth, documents);
  }
}
