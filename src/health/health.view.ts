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
