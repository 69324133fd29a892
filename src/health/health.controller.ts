import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { Public } from '@app/auth';
import { HealthService } from './health.service';
import { ClockView, HealthView, LivenessView, ReadinessView } from './health.view';
import { ReadinessService } from './readiness.service';

@Controller()
@Public()
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly readiness: ReadinessService,
  ) {}

  /** Liveness and database reachability; 503 (shape B) while the database is unreachable. */
  @Get('health')
  check(): Promise<HealthView> {
    return this.health.check();
  }

  /** Liveness probe: the process answers (restart it when this fails); no dependency is checked. */
  @Get('health/live')
  live(): LivenessView {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  }

  /** Readiness probe: the database answers and PDFs can be rendered; otherwise 503 naming what is down. */
  @Get('health/ready')
  @ApiOkResponse({ type: ReadinessView })
  @ApiServiceUnavailableResponse({ description: 'Not ready: the database or the browser is down (shape B)' })
  ready(): Promise<ReadinessView> {
    return this.readiness.ready();
  }

  /** The server clock, for clients that must align their own. */
  @Get('time')
  time(): ClockView {
    const now = new Date();
    return { now: now.toISOString(), epochMs: now.getTime() };
  }
}
