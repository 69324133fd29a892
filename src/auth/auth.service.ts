import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import {
  AuthContext,
  decoyPasswordHash,
  IdentityProvisioning,
  LoginFailureLimiter,
  PrincipalLoader,
  RequestMeta,
  SessionService,
  verifyPassword,
} from '@app/auth';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { SessionView, toCallerView } from './auth.view';

@Injectable()
export class AuthService {
  constructor(
    private readonly identities: IdentityProvisioning,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalLoader,
    private readonly activity: ActivityRecorder,
    private readonly failures: LoginFailureLimiter,
  ) {}

  /**
   * Signs in. An account locked by failed sign-ins (`LoginFailureLimiter`) is refused with 429
   * before the password is checked; a failure counts against the email, a success resets it.
   */
  async login(email: string, password: string, request: RequestMeta): Promise<SessionView> {
    this.failures.assertNotLocked(email);
    const user = await this.identities.findUser({ email });
    // Verify against a decoy when the email is unknown: the answer takes as long either way.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !valid || !user.active) {
      if (user) {
        await this.activity.recordFor({ clientId: user.clientId, userId: user._id, email: user.email, name: user.name, credential: 'none' }, request, {
          action: 'auth.login_failed',
          resourceType: 'user',
          resourceId: user._id,
          summary: `Failed sign-in for ${user.email}`,
        });
      }
      this.failures.recordFailure(email);
      throw new DomainException(ErrorCode.Unauthorized, 'Invalid email or password');
    }
    this.failures.recordSuccess(email);
    const session = await this.sessions.issue(user, request);
    const principal = await this.principals.fromUser(user, { kind: 'session', id: session.sessionId, expiresAt: session.expiresAt });
    if (!principal) throw new DomainException(ErrorCode.Unauthorized, 'Invalid email or password');
    await this.activity.recordFor({ clientId: user.clientId, userId: user._id, email: user.email, name: user.name, credential: 'session' }, request, {
      action: 'auth.login',
      resourceType: 'session',
      resourceId: session.sessionId,
      summary: `${user.email} signed in`,
    });
    return { token: session.token, expiresAt: session.expiresAt, user: toCallerView(principal) };
  }

  async logout(auth: AuthContext): Promise<void> {
    if (auth.credential.kind !== 'session') {
      throw badRequest('Sign-out ends sessions; revoke API tokens with DELETE /api/auth/api-tokens/{id}');
    }
    await this.sessions.revoke(auth.credential.id);
    await this.activity.record(auth, {
      action: 'auth.logout',
      resourceType: 'session',
      resourceId: auth.credential.id,
      summary: `${auth.email} signed out`,
    });
  }
}
