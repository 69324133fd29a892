import { Permission, Role } from '@app/auth';
import type { Stored } from '@app/database';
import { recordTimes } from '@app/http';

/** A role of the caller's client. */
export class RoleView {
  id: string;
  name: string;
  /** Permission names from `GET /api/permissions`. */
  permissions: Permission[];
  /** A protected role may act on other users (their passwords, roles, access) and on protected roles. */
  protected: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Role records carry the timestamps mongoose adds. */
export type StoredRole = Stored<Role> & { createdAt: Date; updatedAt: Date };

export function toRoleView(role: StoredRole): RoleView {
  return {
    id: role._id.toHexString(),
    name: role.name,
    permissions: [...role.permissions],
    protected: role.protected,
    ...recordTimes(role),
  };
}
