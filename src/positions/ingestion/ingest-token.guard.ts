import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { AppConfig } from '@app/config';
import { unauthorized } from '@app/errors';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The flespi stream's credential on the ingestion route: `Authorization: Bearer <token>` where the
 * token is one of `TELEMETRY_INGEST_TOKENS` (several during a rotation). The SHA-256 digests are
 * compared in constant time, every configured token each time, so neither the length nor the
 * position of a match shows in the answer time. User sessions and API tokens are not these: 401.
 */
@Injectable()
export class IngestTokenGuard implements CanActivate {
  private readonly digests: Buffer[];

  constructor(config: AppConfig) {
    this.digests = config.get('TELEMETRY_INGEST_TOKENS').map(digest);
    if (this.digests.length === 0) new Logger(IngestTokenGuard.name).warn('TELEMETRY_INGEST_TOKENS is empty: POST /api/telemetry/flespi refuses every request');
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<Request>().headers.authorization;
    const token = typeof header === 'string' ? /^Bearer ([\x21-\x7e]{1,512})$/.exec(header)?.[1] : undefined;
    if (!token) throw unauthorized();
    const presented = digest(token);
    let matched = false;
    for (const known of this.digests) matched = timingSafeEqual(presented, known) || matched;
    if (!matched) throw unauthorized();
    return true;
  }
}
