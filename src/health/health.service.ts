import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { DatabaseLocation } from '@app/database';
import { DomainException, ErrorCode } from '@app/errors';
import { HealthView } from './health.view';

const PING_TIMEOUT_MS = 1500;

@Injectable()
export class HealthService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly location: DatabaseLocation,
  ) {}

  async check(): Promise<HealthView> {
    if (!(await this.databaseAnswers())) throw new DomainException(ErrorCode.ServiceUnavailable, 'Database unreachable');
    return {
      status: 'ok',
      database: { status: 'up', kind: this.location.isEmbedded ? 'embedded' : 'external' },
      uptimeSeconds: Math.round(process.uptime()),
    };
  }

  /**
   * A real round trip: the driver's connection state alone stays "connected" for up to a
   * heartbeat (10 s) after the server is gone.
   */
  private async databaseAnswers(): Promise<boolean> {
    const db = this.connection.db;
    if (!db) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
    const ping = db.command({ ping: 1 }).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
