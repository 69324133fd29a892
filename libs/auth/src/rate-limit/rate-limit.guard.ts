import { CanActivate, ExecutionContext, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppConfig } from '@app/config';
import { DomainException, ErrorCode } from '@app/errors';
import { PerRoute } from '../guards/per-route';
import { presentedCredential } from '../guards/presented-credential';
import { hashToken } from '../tokens/token-codec';
import { FixedWindowCounters } from './fixed-window-counters';
import { RATE_LIMIT_POLICY, RouteRateLimit } from './rate-limit.policy';

const WINDOW_MS = 60_000;

/** A route's limits, read from its metadata once: its counters' key prefix and whether sign-in's limit applies. */
interface RoutePlan {
  exempt: boolean;
  login: boolean;
  key: string;
}

/**
 * The first global guard: every route is counted per IP and per presented credential (its
 * SHA-256: no live token as a key), sign-in also by a tighter per-IP limit, each in a fixed
 * one-minute window per route. Past a limit: 429 in shape A with `Retry-After` (seconds), and the
 * client waits a minute. Each answer says where its counts stand (`X-RateLimit-Limit-ip`,
 * `-Remaining-ip`, `-Reset-ip`, the same for `token` and `login`). With `RATE_LIMIT_ENABLED=false`
 * it steps aside.
 *
 * Our own guard, not @nestjs/throttler's: that one read five metadata keys and resolved five
 * values per throttler on every request (30 µs of a 200 µs request, docs/performance.md), and its
 * `@SkipThrottle()` skipped only a throttler named `default`, so a named one went on counting.
 */
@Injectable()
export class RateLimitGuard implements CanActivate, OnApplicationShutdown {
  private readonly enabled: boolean;
  private readonly limit: number;
  private readonly loginLimit: number;
  private readonly counters = new FixedWindowCounters();
  private readonly plans = new PerRoute<RoutePlan>((handler, controller) => {
    const policy = this.reflector.getAllAndOverride<RouteRateLimit | undefined>(RATE_LIMIT_POLICY, [handler, controller]);
    return { exempt: policy === 'exempt', login: policy === 'login', key: `${controller.name}.${handler.name}` };
  });

  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {
    this.enabled = config.get('RATE_LIMIT_ENABLED');
    this.limit = config.get('RATE_LIMIT_PER_MINUTE');
    this.loginLimit = config.get('LOGIN_RATE_LIMIT_PER_MINUTE');
  }

  onApplicationShutdown(): void {
    this.counters.close();
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.enabled) return true;
    const plan = this.plans.of(context);
    if (plan.exempt) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const now = Date.now();
    this.count(response, plan, 'ip', `ip:${request.ip}`, this.limit, now);
    const credential = presentedCredential(request, this.config.sessionCookieName);
    if (credential) this.count(response, plan, 'token', `token:${hashToken(credential.authorization)}`, this.limit, now);
    if (plan.login) this.count(response, plan, 'login', `login:${request.ip}`, this.loginLimit, now);
    return true;
  }

  private count(response: Response, plan: RoutePlan, name: string, tracker: string, limit: number, now: number): void {
    const hit = this.counters.hit(`${plan.key}:${name}:${tracker}`, WINDOW_MS, limit, WINDOW_MS, now);
    if (hit.isBlocked) {
      response.setHeader('Retry-After', String(Math.max(1, hit.timeToBlockExpire)));
      throw new DomainException(ErrorCode.TooManyRequests, 'Too many requests, try again later');
    }
    response.setHeader(`X-RateLimit-Limit-${name}`, String(limit));
    response.setHeader(`X-RateLimit-Remaining-${name}`, String(Math.max(0, limit - hit.totalHits)));
    response.setHeader(`X-RateLimit-Reset-${name}`, String(hit.timeToExpire));
  }
}
