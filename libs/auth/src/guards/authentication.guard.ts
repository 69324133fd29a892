import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppConfig } from '@app/config';
import { DomainException, forbidden, unauthorized } from '@app/errors';
import { AuthPrincipal } from '../context/auth-context';
import { attachAuthContext } from '../context/auth.decorator';
import { AUTH_POLICY_KEY, AuthPolicy } from './auth-policy.decorator';
import { CredentialVerifier } from '../tokens/credential-verifier.service';
import { PerRoute } from './per-route';
import { BearerStrategy } from './bearer.strategy';
import { isAllowedCookieRequest } from './origin-check';
import { presentedCredential } from './presented-credential';
import { runPassportStrategy } from './run-passport-strategy';

/**
 * The global guard: deny by default. A route without an access decision is refused; public
 * routes pass; every other route needs a live credential — a bearer token, or unless the route is
 * bearer-only the session cookie — and then the permission its decorator names.
 *
 * One path for both kinds: the credential, as an Authorization header value, goes to
 * passport-http-bearer's strategy (the one parser of the token), whose verify callback is the
 * CredentialVerifier. The strategy sees nothing else of the request, so its query and body
 * fallbacks (`access_token`) can never apply (docs/architecture.md, "Authentication"). A
 * `Bearer <token>` whose token this instance verified moments ago is answered from the token
 * cache without the strategy's run: the same token, so the same principal.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  private readonly policies = new PerRoute<AuthPolicy | null>(
    (handler, controller) => this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY_KEY, [handler, controller]) ?? null,
  );

  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    private readonly bearer: BearerStrategy,
    private readonly verifier: CredentialVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.policies.of(context);
    if (!policy) throw forbidden('This route declares no access policy');
    if (policy.public) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const credential = presentedCredential(request, this.config.sessionCookieName);
    if (!credential || (credential.via === 'cookie' && policy.bearerOnly)) this.reject();
    const principal = await this.authenticate(credential.authorization);
    if (credential.via === 'cookie' && !isAllowedCookieRequest(request, this.config.get('APP_ORIGINS'))) {
      throw forbidden('Cross-site request refused: the Origin is not an allowed web app origin');
    }

    if (policy.permission && !principal.permissions.has(policy.permission)) throw forbidden();
    attachAuthContext(request, {
      ...principal,
      via: credential.via,
      request: { requestId: String(request.id ?? ''), ip: request.ip ?? '', userAgent: request.headers['user-agent'] },
    });
    return true;
  }

  private async authenticate(authorization: string): Promise<AuthPrincipal> {
    // A token verified moments ago on this instance skips the strategy's run (its request object,
    // closures and promise on every request); every other value goes through it.
    const cached = this.verifier.cachedPrincipal(authorization);
    if (cached) return cached;
    try {
      const { user } = await runPassportStrategy<AuthPrincipal>(this.bearer, { headers: { authorization } });
      return user || this.reject();
    } catch (error) {
      if (error instanceof DomainException) this.reject();
      throw error; // e.g. the database is down
    }
  }

  private reject(): never {
    throw unauthorized();
  }
}
