import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AppConfig } from '@app/config';
import { DomainException, forbidden, unauthorized } from '@app/http';
import { AuthPrincipal } from '../context/auth-context';
import { attachAuthContext } from '../context/auth.decorator';
import { CredentialVerifier } from '../tokens/credential-verifier.service';
import { AUTH_POLICY_KEY, AuthPolicy } from './auth-policy.decorator';
import { isAllowedCookieRequest } from './origin-check';
import { presentedCredential } from './presented-credential';

/**
 * The global guard: deny by default. A route without an access decision is refused; public
 * routes pass; every other route needs a live bearer token (through passport) or, unless it is
 * bearer-only, the session cookie — and then the permission its decorator names.
 */
@Injectable()
export class AuthenticationGuard extends AuthGuard('bearer') {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: CredentialVerifier,
    private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) throw forbidden('This route declares no access policy');
    if (policy.public) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const credential = presentedCredential(request, this.config.sessionCookieName);
    let principal: AuthPrincipal;
    if (credential?.via === 'bearer') {
      await super.canActivate(context);
      principal = request.user as AuthPrincipal;
    } else if (credential?.via === 'cookie' && !policy.bearerOnly) {
      principal = (await this.verifier.verify(credential.token)) ?? this.reject();
      if (!isAllowedCookieRequest(request, this.config.get('APP_ORIGINS'))) {
        throw forbidden('Cross-site request refused: the Origin is not an allowed web app origin');
      }
    } else {
      this.reject();
    }

    if (policy.permission && !principal.permissions.has(policy.permission)) throw forbidden();
    attachAuthContext(request, {
      ...principal,
      via: credential.via,
      request: { requestId: String(request.id ?? ''), ip: request.ip ?? '', userAgent: request.headers['user-agent'] },
    });
    return true;
  }

  override handleRequest<TUser = AuthPrincipal>(error: unknown, user: TUser | false): TUser {
    if (error && !(error instanceof DomainException)) throw error; // e.g. the database is down
    if (!user) this.reject();
    return user;
  }

  private reject(): never {
    throw unauthorized();
  }
}
