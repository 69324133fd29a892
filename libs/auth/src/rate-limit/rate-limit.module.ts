import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { AppConfig } from '@app/config';
import { presentedCredential } from '../guards/presented-credential';
import { FixedWindowThrottlerStorage } from './fixed-window-storage';

const LOGIN_LIMITED = 'rate-limit:login';

/** Marks the sign-in route, which has a tighter per-IP limit against password guessing. */
export const LoginRateLimited = () => SetMetadata(LOGIN_LIMITED, true);

const MINUTE_MS = 60_000;
const reflector = new Reflector();

/**
 * Fixed-window limits per route, per IP and per credential, and a tighter one for login.
 * Counters live in each instance's memory (FixedWindowThrottlerStorage): with N instances behind a
 * balancer a client gets at most N times the limit; a shared store (e.g. Redis through
 * @nestjs/throttler's storage interface) makes them global.
 */
export const RateLimitModule = ThrottlerModule.forRootAsync({
  inject: [AppConfig],
  useFactory: (config: AppConfig) => {
    const limit = config.get('RATE_LIMIT_PER_MINUTE');
    const credentialOf = (request: Request) => presentedCredential(request, config.sessionCookieName);
    // RATE_LIMIT_ENABLED=false is handled by RateLimitGuard itself.
    return {
      storage: new FixedWindowThrottlerStorage(),
      // The library's key (route, throttler, tracker) without its SHA-256 per throttler and
      // request: the trackers are already short (an IP, or a hash of the credential).
      generateKey: (context, tracker, throttlerName) => `${context.getClass().name}.${context.getHandler().name}:${throttlerName}:${tracker}`,
      throttlers: [
        { name: 'ip', ttl: MINUTE_MS, limit, getTracker: (request) => `ip:${(request as Request).ip}` },
        {
          name: 'token',
          ttl: MINUTE_MS,
          limit,
          skipIf: (context) => !credentialOf(context.switchToHttp().getRequest<Request>()),
          getTracker: (request) =>
            `token:${createHash('sha256').update(credentialOf(request as Request)?.authorization ?? '').digest('hex')}`,
        },
        {
          name: 'login',
          ttl: MINUTE_MS,
          limit: config.get('LOGIN_RATE_LIMIT_PER_MINUTE'),
          skipIf: (context) => reflector.get(LOGIN_LIMITED, context.getHandler()) !== true,
          getTracker: (request) => `login:${(request as Request).ip}`,
        },
      ],
    };
  },
});
