import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AuthContext } from './auth-context';

const AUTH_CONTEXT = Symbol('auth-context');
type RequestWithAuth = Request & { [AUTH_CONTEXT]?: AuthContext };

export function attachAuthContext(request: Request, auth: AuthContext): void {
  (request as RequestWithAuth)[AUTH_CONTEXT] = auth;
}

export function authContextOf(request: Request): AuthContext | undefined {
  return (request as RequestWithAuth)[AUTH_CONTEXT];
}

/** The authenticated caller of an `@Authenticated()` route, for handing to services. */
export const Auth = createParamDecorator((_: unknown, context: ExecutionContext): AuthContext => {
  const auth = authContextOf(context.switchToHttp().getRequest<Request>());
  if (!auth) throw new Error('@Auth() used on a route that is not @Authenticated()');
  return auth;
});
