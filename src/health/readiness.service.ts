import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, MongooseHealthIndicator } from '@nestjs/terminus';
import { DomainException, ErrorCode } from '@app/errors';
import { BrowserPool } from '@app/reports';
import { ReadinessView } from './health.view';

const PING_TIMEOUT_MS = 1500;

/**
 * Readiness for a load balancer or an orchestrator (`/api/health/ready`), through
 * @nestjs/terminus: the database answers a ping, and PDFs can be rendered (the shared Chromium
 * runs or can be launched — it is not launched by a probe). Not ready: 503 shape B naming what
 * is down, so that the instance gets no traffic until it recovers.
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly mongoose: MongooseHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly browsers: BrowserPool,
  ) {}

  async ready(): Promise<ReadinessView> {
    try {
      await this.health.check([() => this.mongoose.pingCheck('database', { timeout: PING_TIMEOUT_MS }), () => this.browser()]);
      return { status: 'ok', checks: { database: 'up', browser: 'up' } };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const details = (error.getResponse() as { error?: Record<string, unknown> }).error ?? {};
      throw new DomainException(ErrorCode.ServiceUnavailable, `Not ready: ${Object.keys(details).join(', ') || 'a check failed'} down`);
    }
  }

  private async browser() {
    const session = this.indicators.check('browser');
    const { up, detail } = await this.browsers.ready();
    return up ? session.up({ detail }) : session.down({ detail });
  }
}
