export class HealthView {
  /** `ok` when the API and its database answer. */
  status: 'ok';
  database: {
    status: 'up';
    /** `embedded` (mongo-java-server or mongod started by the app) or `external` (MONGODB_URI). */
    kind: 'embedded' | 'external';
  };
  uptimeSeconds: number;
}

export class ClockView {
  /** ISO 8601, UTC. */
  now: string;
  epochMs: number;
}

export class LivenessView {
  /** `ok` whenever the process answers: it says nothing of the database (see `/api/health/ready`). */
  status: 'ok';
  uptimeSeconds: number;
}

export class ReadinessChecksView {
  /** The database answered a ping within 1.5 s. */
  database: 'up';
  /** Chromium, for PDF reports, runs or can be launched. */
  browser: 'up';
}

export class ReadinessView {
  /** `ok` when the instance can serve every operation; otherwise the answer is 503. */
  status: 'ok';
  checks: ReadinessChecksView;
}
