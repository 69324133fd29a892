import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { ApiTokenService, AuthContext, CredentialVerifier, IdentityProvisioning, Role, SessionService, User } from '@app/auth';
import { InjectRepository, duplicateKeyAs, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { PagedBody } from '@app/http';
import { ProtectedUsers, requireProtectedCaller, requireReachOf } from '../protected-users';
import { StoredRole } from '../roles/role.view';
import { CreateUserDto } from './dto/create-user.dto';
import { ListUsersQueryDto } from './dto/list-users-query.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { TrackerGrants } from './tracker-grants';
import { userListFilter } from './user-search';
import { CreatedUserView, StoredUserRecord, toUserView, UserView } from './user.view';

// The hash never leaves the database on these reads.
const WITHOUT_SECRETS = { passwordHash: 0 } as const;
const ONLY_PROTECTED_ASSIGN = 'Only users with a protected role may assign a protected role';

/** Users of the caller's client: list, read, create (with a one-time password) and change. */
@Injectable()
export class UserAccountsService {
  constructor(
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    @InjectRepository(Role) private readonly roles: TenantRepository<Role>,
    private readonly identities: IdentityProvisioning,
    private readonly trackerGrants: TrackerGrants,
    private readonly protectedUsers: ProtectedUsers,
    private readonly sessions: SessionService,
    private readonly apiTokens: ApiTokenService,
    private readonly verifier: CredentialVerifier,
    private readonly activity: ActivityRecorder,
  ) {}

  async list(auth: AuthContext, query: ListUsersQueryDto): Promise<PagedBody<UserView>> {
    const page = await this.users.list(auth, userListFilter(query), query, {}, WITHOUT_SECRETS);
    const roles = await this.rolesById(
      auth,
      page.items.map((user) => user.roleId),
    );
    return PagedBody.of(page, (user) => toUserView(user as StoredUserRecord, roles.get(user.roleId.toHexString())));
  }

  async get(auth: AuthContext, id: string): Promise<UserView> {
    const user = await this.findUser(auth, id);
    return toUserView(user, await this.roleOf(auth, user.roleId));
  }

  async create(auth: AuthContext, body: CreateUserDto): Promise<CreatedUserView> {
    const role = await this.assignableRole(auth, body.roleId);
    const trackers = await this.trackerGrants.resolve(auth, body.trackers);
    // IdentityProvisioning (shared with the command line) generates the password and stores its hash.
    const { user, password } = await this.identities
      .createUser({
        clientId: auth.clientId,
        email: body.email,
        name: body.name,
        roleId: role._id,
        trackerIds: trackers.all ? undefined : trackers.trackerIds,
        language: body.language,
      })
      .catch(duplicateKeyAs(() => new DomainException(ErrorCode.Conflict, `A user with email ${body.email} already exists`)));
    const view = toUserView(user, role);
    await this.activity.created(auth, { type: 'user', id: user._id }, `${auth.email} created the user ${view.email} (${role.name})`, audited(view));
    return { ...view, initialPassword: password };
  }

  async update(auth: AuthContext, id: string, body: UpdateUserDto): Promise<UserView> {
    const target = await this.findUser(auth, id);
    if (Object.keys(body).length === 0) throw badRequest('Send at least one of name, roleId, trackers, disabled, language');
    const own = target._id.equals(auth.userId);
    if (!own) requireProtectedCaller(auth, 'Only users with a protected role may change another user');
    if (!own) requireReachOf(auth, target, 'Changing another user');
    // One's own role, trackers and access are administration too: changing them is an escalation otherwise.
    if (own && Object.keys(body).some((field) => field !== 'name' && field !== 'language')) {
      requireProtectedCaller(auth, 'Only users with a protected role may change their own role, trackers or access');
    }
    if (own && body.disabled === true) throw new DomainException(ErrorCode.Conflict, 'You cannot disable your own account');

    const currentRole = await this.roleOf(auth, target.roleId);
    const newRole = body.roleId === undefined ? undefined : await this.assignableRole(auth, body.roleId);
    const trackers = body.trackers === undefined ? undefined : await this.trackerGrants.resolve(auth, body.trackers);
    const losesProtection = target.active && currentRole?.protected === true && (body.disabled === true || (newRole !== undefined && !newRole.protected));
    if (losesProtection) {
      const change = body.disabled ? 'disabled' : 'given a role that is not protected';
      await this.protectedUsers.assertOneRemains(auth, { userId: target._id }, `${target.email} cannot be ${change}`);
    }

    const set: Record<string, unknown> = {};
    if (body.name !== undefined) set.name = body.name;
    if (newRole) set.roleId = newRole._id;
    if (trackers) set.trackerScope = trackers;
    if (body.disabled !== undefined) set.active = !body.disabled;
    if (body.language !== undefined) set.language = body.language;
    const updated: StoredUserRecord | null = await this.users.updateRecord(auth, target, { $set: set });
    if (!updated) throw badRequest('The user changed while being edited; try again');
    // Cached credentials carry the old name, role and trackers: drop them on this instance now.
    this.verifier.evictUser(target._id);
    const revoked = body.disabled === true ? await this.revokeEverything(target._id) : undefined;

    const before = toUserView(target, currentRole);
    const view = toUserView(updated, newRole ?? currentRole);
    await this.activity.record(auth, {
      action: body.disabled === true && target.active ? 'user.disable' : 'user.update',
      resourceType: 'user',
      resourceId: target._id,
      summary: `${auth.email} changed the user ${target.email}`,
      before: audited(before),
      after: audited(view),
      details: revoked,
    });
    return view;
  }

  /** Disabling signs the user out everywhere: every session and API token, at once on this instance. */
  private async revokeEverything(userId: Types.ObjectId): Promise<{ revokedSessions: number; revokedApiTokens: number }> {
    const revokedSessions = await this.sessions.revokeAllOfUser(userId);
    const revokedApiTokens = await this.apiTokens.revokeAllOfUser(userId);
    return { revokedSessions, revokedApiTokens };
  }

  private async findUser(auth: AuthContext, id: string): Promise<StoredUserRecord> {
    return await this.users.findByIdOrFail(auth, id, 'User');
  }

  /** A role of the client named in a body (else 400); a protected one only for a protected caller. */
  private async assignableRole(auth: AuthContext, roleId: string): Promise<StoredRole> {
    const role = (await this.roles.findById(auth, roleId)) as StoredRole | null;
    if (!role) {
      const message = 'roleId: no role of the client with this id';
      throw badRequest(message, [{ path: 'roleId', message }]);
    }
    if (role.protected) requireProtectedCaller(auth, ONLY_PROTECTED_ASSIGN);
    return role;
  }

  private async roleOf(auth: AuthContext, roleId: Types.ObjectId): Promise<StoredRole | undefined> {
    return ((await this.roles.findById(auth, roleId.toHexString())) as StoredRole | null) ?? undefined;
  }

  private async rolesById(auth: AuthContext, ids: Types.ObjectId[]): Promise<Map<string, StoredRole>> {
    const roles = await this.roles.findByIds(auth, [...new Set(ids.map((id) => id.toHexString()))]);
    return new Map(roles.map((role) => [role._id.toHexString(), role as StoredRole]));
  }
}

/** What the activity log keeps of a user: never a password or its hash. */
function audited(view: UserView): Record<string, unknown> {
  return { email: view.email, name: view.name, roleId: view.role?.id ?? null, trackers: view.trackers, disabled: view.disabled };
}
