import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { AuthContext, hashPassword, SessionService, User } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { badRequest, forbidden } from '@app/errors';
import { MessageView } from './message.view';

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly sessions: SessionService,
    private readonly activity: ActivityRecorder,
  ) {}

  /**
   * Sets a user's password. Own password: `access_user` (checked by the route). Another user of
   * the same client: a protected role as well. The target's other sessions are revoked; a caller
   * changing their own password by session keeps that session.
   */
  async changePassword(auth: AuthContext, userId: string, password: string): Promise<MessageView> {
    const target = await this.users.findByIdOrFail(auth, userId, 'User');
    const own = target._id.equals(auth.userId);
    if (!own && !auth.role.protected) throw forbidden("Only users with a protected role may change another user's password");
    if (password.trim().toLowerCase() === target.email.toLowerCase()) {
      const message = 'The password must not be the email address of the user';
      throw badRequest(message, [{ path: 'password', message }]);
    }

    // One update replaces the hash: a concurrent sign-in sees either the old or the new password.
    const passwordHash = await hashPassword(password);
    await this.users.updateRecord(auth, target, { $set: { passwordHash, passwordChangedAt: new Date() } });
    const keptSession = own && auth.credential.kind === 'session' ? auth.credential.id : undefined;
    const revokedSessions = await this.sessions.revokeAllOfUser(target._id, keptSession);

    await this.activity.record(auth, {
      action: 'user.password_change',
      resourceType: 'user',
      resourceId: target._id,
      summary: own ? `${auth.email} changed their password` : `${auth.email} changed the password of ${target.email}`,
      details: { revokedSessions, callerSessionKept: keptSession !== undefined },
    });
    return { message: own ? 'Password changed; your other sessions were signed out' : `Password of ${target.email} changed; their sessions were signed out` };
  }
}
