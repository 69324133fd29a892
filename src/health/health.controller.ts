import { Controller, Get } from '@nestjs/common';
import { Public } from '@app/auth';
import { HealthService } from './health.service';
import { ClockView, HealthView } from './health.view';

@Controller()
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness and database reachability; 503 (shape B) while the database is unreachable. */
  @Get('health')
  check(): Promise<HealthView> {
    return this.health.check();
  }

  /** The server clock, for clients that must align their own. */
  @Get('time')
  time(): ClockView {
    const now = new Date();
    return { now: now.toISOString(), epochMs: now.getTime() };
  }
}
