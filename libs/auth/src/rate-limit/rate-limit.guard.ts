import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Response } from 'express';
import { AppConfig } from '@app/config';
import { DomainException, ErrorCode } from '@app/errors';

/**
 * The throttler guard answering 429 in shape A with a plain `Retry-After` (seconds). With
 * `RATE_LIMIT_ENABLED=false` it steps aside before the throttler looks at any route metadata.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  private readonly enabled: boolean;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    config: AppConfig,
  ) {
    super(options, storage, reflector);
    this.enabled = config.get('RATE_LIMIT_ENABLED');
  }

  override canActivate(context: ExecutionContext): Promise<boolean> {
    return this.enabled ? super.canActivate(context) : Promise.resolve(true);
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader('Retry-After', String(Math.max(1, Math.ceil(detail.timeToBlockExpire))));
    throw new DomainException(ErrorCode.TooManyRequests, 'Too many requests, try again later');
  }
}
