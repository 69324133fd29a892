import { IdentityProvisioning, Permission } from '@app/auth';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';

interface DemoStaff {
  key: 'inspector' | 'workshop';
  role: string;
  permissions: Permission[];
  email: string;
  name: string;
}

// Narrow roles next to the admin/operator/viewer of the identity seeder (acme only).
const ACME_STAFF: DemoStaff[] = [
  { key: 'inspector', role: 'Inspector', permissions: [Permission.Inspections], email: 'inspector@acme.demo', name: 'Inés Inspectora' },
  { key: 'workshop', role: 'Taller', permissions: [Permission.Maintenance], email: 'taller@acme.demo', name: 'Tomás Taller' },
];

/**
 * The demo's roles (manifest key `roles`): `{admin, operator, viewer}` with their ids, and for
 * acme `inspector` (`access_inspections` only) and `workshop` (`access_maintenance` only), each
 * with one user who sees the tracked asset's tracker: `{id, name, user: {id, email, password}}`.
 */
@DemoSeederProvider({ order: 15 })
export class RolesDemoSeeder implements DemoSeeder {
  constructor(private readonly identities: IdentityProvisioning) {}

  async seed(client: DemoClientContext): Promise<void> {
    const roles: Record<string, unknown> = {};
    for (const key of ['admin', 'operator', 'viewer'] as const) roles[key] = { id: client.users[key].roleId.toHexString() };
    for (const staff of client.key === 'acme' ? ACME_STAFF : []) {
      const roleId = await this.identities.ensureRole(client.clientId, staff.role, staff.permissions, false);
      const { user, password } = await this.identities.createUser({
        clientId: client.clientId,
        email: staff.email,
        name: staff.name,
        roleId,
        trackerIds: [client.trackers.tracked._id],
      });
      roles[staff.key] = { id: roleId.toHexString(), name: staff.role, user: { id: user._id.toHexString(), email: user.email, password } };
    }
    client.manifest.roles = roles;
  }
}
