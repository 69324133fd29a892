import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { ApiTokenService, AuthContext, hashPassword, passwordProblem, SessionService, User } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { badRequest, forbidden } from '@app/errors';
import { MessageView } from '@app/http';
import { requireReachOf } from './protected-users';

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly sessions: SessionService,
    private readonly apiTokens: ApiTokenService,
    private readonly activity: ActivityRecorder,
  ) {}

  /**
   * Sets a user's password. Own password: `access_user` (checked by the route). Another user of
   * the same client: a protected role as well. The target's other sessions are revoked; a caller
   * changing their own password by session keeps that session. When another user resets it,
   * the target's API tokens are revoked too (their own change keeps them). The password rule (length, not
   * the email, not blank, not guessable) is `passwordProblem`, shared with the command line.
   */
  async changePassword(auth: AuthContext, userId: string, password: string): Promise<MessageView> {
    const target = await this.users.findByIdOrFail(auth, userId, 'User');
    const own = target._id.equals(auth.userId);
    if (!own && !auth.role.protected) throw forbidden("Only users with a protected role may change another user's password");
    if (!own) requireReachOf(auth, target, "Changing another user's password");
    const problem = passwordProblem(password, { email: target.email, name: target.name });
    if (problem) throw badRequest(problem, [{ path: 'password', message: problem }]);

    // One update replaces the hash: a concurrent sign-in sees either the old or the new password.
    const passwordHash = await hashPassword(password);
    await this.users.updateRecord(auth, target, { $set: { passwordHash, passwordChangedAt: new Date() } });
    const keptSession = own && auth.credential.kind === 'session' ? auth.credential.id : undefined;
    const revokedSessions = await this.sessions.revokeAllOfUser(target._id, keptSession);
    // A reset by someone else is the compromised-account case: the user's API tokens go too.
    const revokedApiTokens = own ? 0 : await this.apiTokens.revokeAllOfUser(target._id);

    await this.activity.record(auth, {
      action: 'user.password_change',
      resourceType: 'user',
      resourceId: target._id,
      summary: own ? `${auth.email} changed their password` : `${auth.email} changed the password of ${target.email}`,
      details: { revokedSessions, revokedApiTokens, callerSessionKept: keptSession !== undefined },
    });
    return {
      message: own
        ? 'Password changed; your other sessions were signed out'
        : `Password of ${target.email} changed; their sessions and API tokens were revoked`,
    };
  }
}
