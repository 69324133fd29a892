import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, CounterConfiguration, Gauge, GaugeConfiguration, Histogram, HistogramConfiguration, Registry } from 'prom-client';
import { AppConfig } from '@app/config';

/**
 * The process's Prometheus registry. Every part of the app adds its own metrics here (the
 * telemetry ingestion may add counters the same way): `metrics.counter({name, help, labelNames})`.
 * With `METRICS_PORT` unset nothing is served and the per-request metrics are not even measured;
 * the other metrics still count in memory, which costs an increment.
 */
@Injectable()
export class AppMetrics {
  readonly registry = new Registry();
  readonly enabled: boolean;

  constructor(config: AppConfig) {
    this.enabled = config.get('METRICS_PORT') !== undefined;
    // Process CPU and memory, heap, GC, handles and event-loop lag (nodejs_eventloop_lag_*).
    if (this.enabled) collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }

  counter<L extends string>(configuration: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return new Counter({ ...configuration, registers: [this.registry] });
  }

  gauge<L extends string>(configuration: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return new Gauge({ ...configuration, registers: [this.registry] });
  }

  histogram<L extends string>(configuration: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return new Histogram({ ...configuration, registers: [this.registry] });
  }
}
