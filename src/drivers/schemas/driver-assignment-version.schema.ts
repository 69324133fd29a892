import { clientVersionModel } from '@app/database';

/** A client's driver assignments change counter: what caches of labelled records (report files) key on. Keyed by client id. */
export const DRIVER_ASSIGNMENT_VERSIONS = clientVersionModel('DriverAssignmentVersion', 'driver_assignment_versions');
