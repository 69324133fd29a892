import { Global, Module } from '@nestjs/common';
import { AppMetrics } from './app-metrics';
import { MetricsServer } from './metrics-server';

/** The registry every module may add to, and its HTTP endpoint when `METRICS_PORT` is set. */
@Global()
@Module({
  providers: [AppMetrics, MetricsServer],
  exports: [AppMetrics, MetricsServer],
})
export class MetricsModule {}
