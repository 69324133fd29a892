import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { AuthContext, CredentialVerifier, Role, User } from '@app/auth';
import { InjectRepository, duplicateKeyAs, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { PagedBody } from '@app/http';
import { ProtectedUsers, requireProtectedCaller } from '../protected-users';
import { CreateRoleDto } from './dto/create-role.dto';
import { ListRolesQueryDto } from './dto/list-roles-query.dto';
import { UpdateRoleDto } from './dto/update-role.dto';
import { RoleView, StoredRole, toRoleView } from './role.view';

const ONLY_PROTECTED = 'Only users with a protected role may create or change a protected role';
const nameTaken = (name: string) => new DomainException(ErrorCode.Conflict, `A role named "${name}" already exists`);

/** The client's roles: a name, permissions from the catalog and the `protected` flag. */
@Injectable()
export class RolesService {
  constructor(
    @InjectRepository(Role) private readonly roles: TenantRepository<Role>,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly protectedUsers: ProtectedUsers,
    private readonly verifier: CredentialVerifier,
    private readonly activity: ActivityRecorder,
  ) {}

  async list(auth: AuthContext, query: ListRolesQueryDto): Promise<PagedBody<RoleView>> {
    const page = await this.roles.list(auth, {}, query, { sortBy: 'name', direction: 'asc' });
    return PagedBody.of(page, (role) => toRoleView(role as StoredRole));
  }

  async get(auth: AuthContext, id: string): Promise<RoleView> {
    return toRoleView((await this.roles.findByIdOrFail(auth, id, 'Role')) as StoredRole);
  }

  async create(auth: AuthContext, body: CreateRoleDto): Promise<RoleView> {
    if (body.protected) requireProtectedCaller(auth, ONLY_PROTECTED);
    const role = (await this.roles
      .create(auth, { name: body.name, permissions: body.permissions, protected: body.protected ?? false })
      .catch(duplicateKeyAs(() => nameTaken(body.name)))) as StoredRole;
    const view = toRoleView(role);
    await this.activity.created(auth, { type: 'role', id: role._id }, `Role "${view.name}" created`, audited(view));
    return view;
  }

  async update(auth: AuthContext, id: string, body: UpdateRoleDto): Promise<RoleView> {
    const role = (await this.roles.findByIdOrFail(auth, id, 'Role')) as StoredRole;
    if (Object.keys(body).length === 0) throw badRequest('Send at least one of name, permissions, protected');
    if (role.protected || body.protected) requireProtectedCaller(auth, ONLY_PROTECTED);
    if (role.protected && body.protected === false) {
      await this.protectedUsers.assertOneRemains(auth, { roleId: role._id }, `Role "${role.name}" cannot stop being protected`);
    }
    const updated = (await this.roles
      .updateRecord(auth, role, { $set: body })
      .catch(duplicateKeyAs(() => nameTaken(body.name ?? role.name)))) as StoredRole | null;
    if (!updated) throw badRequest('The role changed while it was being edited; try again');
    // Holders' cached credentials carry the old permissions: drop them here (other instances: within the token cache time).
    this.verifier.evictRole(role._id);
    const before = toRoleView(role);
    const view = toRoleView(updated);
    await this.activity.updated(auth, { type: 'role', id: role._id }, `Role "${view.name}" changed`, audited(before), audited(view));
    return view;
  }

  async remove(auth: AuthContext, id: string): Promise<{ id: string }> {
    const role = (await this.roles.findByIdOrFail(auth, id, 'Role')) as StoredRole;
    if (role.protected) requireProtectedCaller(auth, ONLY_PROTECTED);
    const holders = await this.users.count(auth, { roleId: role._id });
    if (holders > 0) {
      const who = holders === 1 ? '1 user has it' : `${holders} users have it`;
      throw new DomainException(ErrorCode.Conflict, `Role "${role.name}" is in use: ${who}; give them another role first`);
    }
    await this.roles.deleteMany(auth, { _id: role._id });
    await this.activity.deleted(auth, { type: 'role', id: role._id }, `Role "${role.name}" deleted`, audited(toRoleView(role)));
    return { id: role._id.toHexString() };
  }
}

function audited(view: RoleView): Record<string, unknown> {
  return { name: view.name, permissions: view.permissions, protected: view.protected };
}
