import { randomBytes } from 'node:crypto';

// Every e2e file runs against its own database on the run's server (dropped by TestApp.close).
const base = process.env.FLEET_TEST_MONGO_URI;
if (!base) throw new Error('FLEET_TEST_MONGO_URI is not set: run the e2e tests through jest (global setup)');
process.env.MONGODB_URI = `${base}/test_${randomBytes(6).toString('hex')}`;
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.RATE_LIMIT_ENABLED = 'false';
process.env.SEED_DEMO_ON_EMPTY = 'false';
process.env.APP_ORIGINS = 'https://app.fleet.test';
