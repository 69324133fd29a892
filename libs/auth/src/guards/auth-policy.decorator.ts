import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiExtension } from '@nestjs/swagger';
import { Permission } from '../permissions';

export const AUTH_POLICY_KEY = 'auth:policy';

export type AuthPolicy = { public: true } | { public: false; permission?: Permission; bearerOnly: boolean };

export interface AuthenticatedOptions {
  /** The permission the caller's role must hold; omitted: any authenticated user. */
  permission?: Permission;
  /** Accept `Authorization: Bearer` only, never the session cookie (the driver import). */
  bearerOnly?: boolean;
}

export const BEARER_SCHEME = 'bearer';
/** OpenAPI extension naming the permission; the document's 401/403 answers are added from it. */
export const PERMISSION_EXTENSION = 'x-permission';
export const COOKIE_SCHEME = 'session-cookie';

/**
 * The access decision of a route, in one decorator: authentication, permission and the
 * OpenAPI security that documents them. Every route carries this or `@Public()`.
 */
export function Authenticated(options: AuthenticatedOptions = {}): MethodDecorator & ClassDecorator {
  const policy: AuthPolicy = { public: false, permission: options.permission, bearerOnly: options.bearerOnly ?? false };
  // Error answers are added to the document afterwards (src/openapi): declaring them here would
  // stop the Swagger plugin from describing the success answer.
  const decorators = [SetMetadata(AUTH_POLICY_KEY, policy), ApiBearerAuth(BEARER_SCHEME)];
  if (!policy.bearerOnly) decorators.push(ApiCookieAuth(COOKIE_SCHEME));
  if (policy.permission) decorators.push(ApiExtension(PERMISSION_EXTENSION, policy.permission));
  return applyDecorators(...decorators);
}

/** A route anyone may call (health, clock, login). */
export function Public(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(AUTH_POLICY_KEY, { public: true } satisfies AuthPolicy));
}
