import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, Stored, TenantRepository, type UniqueKeyLookup } from '@app/database';
import { DomainException } from '@app/errors';
import { validAsBody } from '@app/http';
import { checkImportSize } from '@app/sheets';
import { TaskArrivalSlots } from '../arrival/task-arrival-slots.service';
import { CreateTaskDto } from '../dto/create-task.dto';
import { Task, taskExternalKey } from '../schemas/task.schema';
import { newTask, taskUpdate } from '../task-record';
import { TaskReferences } from '../task-references';
import type { TaskImportResultView } from './task-import-result.view';
import { MAX_TASK_IMPORT_ROWS, rowBody, TaskImportRow, TaskRowProblem } from './task-import-rows';
import { TaskWindowIndex } from '../list/task-window-index';
import { TaskRowNames } from './task-row-names';

type RowOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Imports task rows (docs/dispatch.md, "Importing tasks"): each row checked as `POST /api/tasks`
 * checks a body, created — or, when its externalId is a task's, that task changed as a PATCH
 * would change it — one row at a time; a bad row never stops the others. A dry run checks every
 * row the same way and writes nothing.
 */
@Injectable()
export class TaskImporter {
  private readonly byExternalKey: UniqueKeyLookup<Task>;

  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly names: TaskRowNames,
    private readonly references: TaskReferences,
    private readonly slots: TaskArrivalSlots,
    private readonly activity: ActivityRecorder,
    private readonly windows: TaskWindowIndex,
  ) {
    this.byExternalKey = tasks.lookupBy('externalKey');
  }

  async import(auth: AuthContext, rows: TaskImportRow[], { dryRun }: { dryRun: boolean }): Promise<TaskImportResultView> {
    checkImportSize(rows.length, MAX_TASK_IMPORT_ROWS, 'tasks');
    const result: TaskImportResultView = { created: 0, updated: 0, unchanged: 0, failed: [] };
    const firstRowOf = new Map<string, number>();
    for (const { row, cells } of rows) {
      const repeated = cells.externalId ? firstRowOf.get(cells.externalId) : undefined;
      if (repeated !== undefined) {
        result.failed.push({ row, message: `externalId "${cells.externalId}" repeats row ${repeated} of the file` });
        continue;
      }
      if (cells.externalId) firstRowOf.set(cells.externalId, row);
      const outcome = await this.importRow(auth, row, cells, dryRun);
      if (typeof outcome === 'string') result[outcome]++;
      else result.failed.push(outcome);
    }
    if (!dryRun && result.created + result.updated > 0) await this.windows.changed(auth.clientId);
    if (!dryRun) await this.activity.imported(auth, 'task', 'Tasks', rows.length, result);
    return result;
  }

  private async importRow(auth: AuthContext, row: number, cells: TaskImportRow['cells'], dryRun: boolean): Promise<RowOutcome | TaskRowProblem> {
    const body = rowBody(cells);
    if (typeof body === 'string') return { row, message: body };
    const named = await this.names.resolve(auth, cells, body);
    if (named) return { row, message: named };
    const checked = await validAsBody(CreateTaskDto, body);
    if ('message' in checked) return { row, message: checked.message };
    try {
      const existing = checked.value.externalId ? await this.byExternalKey.find(auth, taskExternalKey(auth.clientId, checked.value.externalId)!) : null;
      return existing ? await this.update(auth, existing, checked.value, dryRun) : await this.create(auth, checked.value, dryRun);
    } catch (error) {
      if (error instanceof DomainException) return { row, message: error.message };
      if (isDuplicateKeyError(error)) return { row, message: `externalId "${checked.value.externalId}" is already another task's` };
      throw error;
    }
  }

  private async create(auth: AuthContext, body: CreateTaskDto, dryRun: boolean): Promise<RowOutcome> {
    const record = newTask(body, await this.references.resolve(auth, body), auth.clientId);
    if (!dryRun) await this.slots.follow(null, await this.tasks.create(auth, record));
    return 'created';
  }

  /** The row as a PATCH of the task its externalId names: what the row gives; its place or location replaces the task's. */
  private async update(auth: AuthContext, task: Stored<Task>, body: CreateTaskDto, dryRun: boolean): Promise<RowOutcome> {
    const { externalId: _same, ...fields } = body;
    const update = taskUpdate(task, fields, await this.references.resolve(auth, fields));
    if (!changes(task, update.$set as Record<string, unknown>)) return 'unchanged';
    if (!dryRun) {
      const updated = await this.tasks.updateRecord(auth, task, update);
      await this.slots.follow(task, updated);
    }
    return 'updated';
  }
}

/** Whether any value set differs from the stored one. */
function changes(task: Stored<Task>, set: Record<string, unknown>): boolean {
  const stored = task as unknown as Record<string, unknown>;
  return Object.entries(set).some(([key, value]) => JSON.stringify(value ?? null) !== JSON.stringify(stored[key] ?? null));
}
