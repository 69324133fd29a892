import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ReportsModule } from '@app/reports';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { ReadinessService } from './readiness.service';

@Module({
  // Terminus's own error log is off: a failed probe is answered (503) and is no server error.
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json', logger: false }), ReportsModule],
  controllers: [HealthController],
  providers: [HealthService, ReadinessService],
})
export class HealthModule {}
