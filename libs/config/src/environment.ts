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

// Each area adds its variables to those before it: one class, whose decorators class-validator reads through its ancestors.
const WithStorage = withStorageEnvironment(ServerEnvironment);
const WithAccess = withAccessEnvironment(WithStorage);
const WithJobs = withJobsEnvironment(WithAccess);
const WithRetention = withRetentionEnvironment(WithJobs);
const WithTelemetrySource = withTelemetrySourceEnvironment(WithRetention);
const WithIngestion = withIngestionEnvironment(WithTelemetrySource);
const WithLivePositions = withLivePositionsEnvironment(WithIngestion);
const WithIntegrations = withIntegrationsEnvironment(WithLivePositions);
const WithMail = withMailEnvironment(WithIntegrations);
const WithWebhooks = withWebhooksEnvironment(WithMail);
const WithMetrics = withMetricsEnvironment(WithWebhooks);

/** Every environment variable the app reads, with its default, by area. `.env.example` documents each one. */
export class Environment extends withDemoEnvironment(WithMetrics) {}
