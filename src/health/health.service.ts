import { Injectable } from '@nestjs/common';
import { MongooseHealthIndicator } from '@nestjs/terminus';
import { DatabaseLocation } from '@app/database';
import { DomainException, ErrorCode } from '@app/http';
import { HealthView } from './health.view';

@Injectable()
export class HealthService {
  constructor(
    private readonly mongoose: MongooseHealthIndicator,
    private readonly location: DatabaseLocation,
  ) {}

  async check(): Promise<HealthView> {
    const up = await this.mongoose
      .pingCheck('database', { timeout: 1500 })
      .then((result) => result.database?.status === 'up')
      .catch(() => false);
    if (!up) throw new DomainException(ErrorCode.ServiceUnavailable, 'Database unreachable');
    return {
      status: 'ok',
      database: { status: 'up', kind: this.location.isEmbedded ? 'embedded' : 'external' },
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
