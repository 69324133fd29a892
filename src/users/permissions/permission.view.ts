import { Permission } from '@app/auth';

/** One permission of the catalog: the name a role holds and what it allows. */
export class PermissionView {
  /** The permission name, as roles hold it (e.g. `access_drivers`). */
  name: Permission;
  /** What the permission allows, in a sentence. */
  description: string;
}
