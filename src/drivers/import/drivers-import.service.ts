import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, mongo, Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { Driver } from '../schemas/driver.schema';
import { DriverImportResultView } from '../driver-import-result.view';
import { alreadyRegisteredReason, CandidateRow, DriverImportRow, failedRow, FailedRow, planImport } from './driver-import-plan';

const DUPLICATE_KEY = 11000;

/**
 * Creates the valid rows of an import in a constant number of round trips, whatever the row
 * count: one lookup of the RUTs already registered, one unordered bulk insert, one activity event.
 * The unique index `{clientId, rut}` settles races: a row another import inserted first comes back
 * as a duplicate-key error and becomes a failed row, never a second driver.
 */
@Injectable()
export class DriversImportService {
  constructor(
    @InjectModel(Driver.name) private readonly drivers: Model<Driver>,
    private readonly activity: ActivityRecorder,
  ) {}

  async import(auth: AuthContext, rows: readonly DriverImportRow[]): Promise<DriverImportResultView> {
    const plan = planImport(rows);
    const failed = [...plan.rejected];
    const registered = await this.registeredRuts(auth.clientId, plan.candidates);
    const toInsert = plan.candidates.filter((candidate) => {
      if (!registered.has(candidate.driver.rut)) return true;
      failed.push({ index: candidate.index, failed: failedRow(candidate.source, alreadyRegisteredReason(candidate.driver.rut)) });
      return false;
    });

    const lost = await this.insert(auth, toInsert);
    const created = toInsert.filter((_, position) => !lost.has(position));
    for (const position of lost) {
      const candidate = toInsert[position];
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

  private async registeredRuts(clientId: Types.ObjectId, candidates: CandidateRow[]): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const ruts = candidates.map((candidate) => candidate.driver.rut);
    // Equality on clientId and $in on rut: exactly the unique index's keys, so an index lookup.
    const found = await this.drivers.find({ clientId, rut: { $in: ruts } }, { rut: 1, _id: 0 }).lean().exec();
    return new Set(found.map((driver) => driver.rut));
  }

  /** Inserts the rows; returns the positions (in `rows`) that lost to an existing driver. */
  private async insert(auth: AuthContext, rows: CandidateRow[]): Promise<Set<number>> {
    if (rows.length === 0) return new Set();
    const now = new Date();
    const documents = rows.map(({ driver }) => ({
      _id: new Types.ObjectId(),
      clientId: auth.clientId,
      userId: auth.userId,
      ...withoutUndefined(driver),
      createdAt: now,
      updatedAt: now,
    }));
    try {
      // lean: the rows are validated already; skipping hydration keeps 1000 rows cheap.
      await this.drivers.insertMany(documents, { ordered: false, lean: true });
      return new Set();
    } catch (error) {
      const lost = duplicateKeyIndexes(error);
      if (!lost) throw error;
      return lost;
    }
  }
}

interface InsertManyWriteError {
  index: number;
  code?: number;
  err?: { code?: number };
}

/**
 * The positions of an unordered insert that failed on a unique index, or undefined when anything
 * else failed. Mongoose copies the driver's write errors into plain `{err, index}` objects, so the
 * code is read from `err` (the driver's getter is lost in the copy).
 */
function duplicateKeyIndexes(error: unknown): Set<number> | undefined {
  if (!(error instanceof mongo.MongoBulkWriteError)) return undefined;
  const writeErrors = ([] as InsertManyWriteError[]).concat(error.writeErrors as unknown as InsertManyWriteError[]);
  const codeOf = (writeError: InsertManyWriteError) => writeError.err?.code ?? writeError.code;
  if (writeErrors.length === 0 || writeErrors.some((writeError) => codeOf(writeError) !== DUPLICATE_KEY)) return undefined;
  return new Set(writeErrors.map((writeError) => writeError.index));
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
