import type { Strategy } from 'passport';

/** What a passport strategy concluded for one request. */
export type StrategyOutcome<TUser> = { user: TUser } | { user: false };

interface StrategyAttempt<TUser> {
  authenticate(request: StrategyRequest, options: object): void;
  success(user: TUser): void;
  fail(): void;
  error(error: unknown): void;
  redirect(): void;
  pass(): void;
}

/**
 * What the strategy is shown of a request: its credential only. passport-http-bearer also takes
 * an `access_token` from the query or the body when it sees them; the spec allows the header
 * (and the cookie) only, so the strategy never sees the rest of the request.
 */
export interface StrategyRequest {
  headers: { authorization: string };
}

/**
 * Runs a passport strategy for one request through passport's strategy interface, as
 * `passport.authenticate()` does: a per-request object inheriting the strategy receives the
 * success, fail and error actions. What is left out is the middleware's decoration of every
 * request (login, logout, isAuthenticated and the session manager written onto the request
 * object), which we do not use and which cost about a sixth of a cheap request
 * (docs/performance.md).
 */
export function runPassportStrategy<TUser>(strategy: Strategy, request: StrategyRequest): Promise<StrategyOutcome<TUser>> {
  return new Promise((resolve, reject) => {
    const attempt = Object.create(strategy) as StrategyAttempt<TUser>;
    attempt.success = (user) => resolve({ user });
    attempt.fail = () => resolve({ user: false });
    attempt.redirect = () => resolve({ user: false });
    attempt.pass = () => resolve({ user: false });
    attempt.error = reject;
    attempt.authenticate(request, {});
  });
}
