import { clientVersionModel } from '@app/database';

/** A client's counter of changes to its tasks' windows (added, deleted, moved): what tells every instance to read its window index again. */
export const TASK_WINDOW_VERSIONS = clientVersionModel('TaskWindowVersion', 'task_window_versions');
