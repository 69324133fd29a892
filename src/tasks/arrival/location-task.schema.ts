import { clientVersionModel } from '@app/database';

/** A client's change counter of its tasks at a location (`ClientVersionedCache`): keyed by client id. */
export const TASK_LOCATION_VERSIONS = clientVersionModel('TaskLocationVersion', 'task_location_versions');
