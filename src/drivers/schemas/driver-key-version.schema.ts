import { clientVersionModel } from '@app/database';

/** A client's drivers' keys change counter (`ClientVersionedCache` of `DriverKeys`): keyed by client id. */
export const DRIVER_KEY_VERSIONS = clientVersionModel('DriverKeyVersion', 'driver_key_versions');
