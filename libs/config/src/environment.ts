import { withAccessEnvironment } from './access-environment';
import { withDemoEnvironment } from './demo-environment';
import { withIngestionEnvironment } from './ingestion-environment';
import { withIntegrationsEnvironment } from './integrations-environment';
import { withJobsEnvironment } from './jobs-environment';
import { withLivePositionsEnvironment } from './live-positions-environment';
import { withMailEnvironment } from './mail-environment';
import { withMetricsEnvironment } from './metrics-environment';
import { withRetentionEnvironment } from './retention-environment';
import { ServerEnvironment } from './server-environment';
import { withStorageEnvironment } from './storage-environment';
import { withTelemetrySourceEnvironment } from './telemetry-source-environment';
import { withWebhooksEnvironment } from './webhooks-environment';

/** Every environment variable the app reads, with its default, by area. `.env.example` documents each one. */
export class Environment extends withDemoEnvironment(
  withMetricsEnvironment(
    withWebhooksEnvironment(
      withMailEnvironment(
        withIntegrationsEnvironment(
          withLivePositionsEnvironment(
            withIngestionEnvironment(
              withTelemetrySourceEnvironment(withRetentionEnvironment(withJobsEnvironment(withAccessEnvironment(withStorageEnvironment(ServerEnvironment))))),
            ),
          ),
        ),
      ),
    ),
  ),
) {}
