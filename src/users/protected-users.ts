import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { assertMayWrite, AuthContext, Role, User } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { DomainException, ErrorCode, forbidden } from '@app/errors';

/** Only a caller whose own role is protected may act on protected roles and on other users. */
export function requireProtectedCaller(auth: AuthContext, message: string): void {
  if (!auth.role.protected) throw forbidden(message);
}

/**
 * A caller limited to some trackers may act on another user (their password, role, trackers,
 * access) only if that user sees no tracker the caller does not: else a reset password is a
 * sign-in as someone who sees more, and a change of their trackers or access reaches assets the
 * caller cannot see (403).
 */
export function requireReachOf(auth: AuthContext, target: Pick<User, 'trackerScope'>, what: string): void {
  assertMayWrite(auth, 'users.act_on_other', { trackerScope: target.trackerScope, what });
}

/**
 * The rule that keeps a client administrable: at least one active user holds a protected role.
 * Checked before a change that could remove the last one (disabling or demoting a user,
 * un-protecting a role). Two such changes at the same moment could both pass (no transactions
 * on mongo-java-server); the command line's `create-user --protected` is the way back.
 */
@Injectable()
export class ProtectedUsers {
  constructor(
    @InjectRepository(Role) private readonly roles: TenantRepository<Role>,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
  ) {}

  /** 409 unless an active protected user remains without `except.userId` and with `except.roleId` no longer protected. */
  async assertOneRemains(auth: AuthContext, except: { userId?: Types.ObjectId; roleId?: Types.ObjectId }, conflict: string): Promise<void> {
    const protectedRoles = await this.roles.find(auth, except.roleId ? { protected: true, _id: { $ne: except.roleId } } : { protected: true }, {
      projection: { _id: 1 },
    });
    const remains =
      protectedRoles.length > 0 &&
      (await this.users.exists(auth, {
        active: true,
        roleId: { $in: protectedRoles.map((role) => role._id) },
        ...(except.userId ? { _id: { $ne: except.userId } } : {}),
      }));
    if (!remains) throw new DomainException(ErrorCode.Conflict, `${conflict}: it would leave the client without an active user with a protected role`);
  }
}
