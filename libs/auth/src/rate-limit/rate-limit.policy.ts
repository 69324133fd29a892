import { SetMetadata } from '@nestjs/common';

export const RATE_LIMIT_POLICY = 'rate-limit:policy';

/** What a route's limits are, beside the per-IP and per-credential ones every route has. */
export type RouteRateLimit = 'login' | 'exempt';

/** Marks the sign-in route, which also has a tighter per-IP limit against password guessing. */
export const LoginRateLimited = () => SetMetadata(RATE_LIMIT_POLICY, 'login' satisfies RouteRateLimit);

/**
 * Takes a route out of the rate limits: only for a machine client that authenticates itself in
 * its own way and sends in bursts (the telemetry stream).
 */
export const RateLimitExempt = () => SetMetadata(RATE_LIMIT_POLICY, 'exempt' satisfies RouteRateLimit);
