import { createServer } from 'node:net';
import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset } from './positions-fixtures';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const scrape = (port: number, token?: string) => {
  const req = request(`http://127.0.0.1:${port}`).get('/metrics');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

describe('operations: liveness, readiness, Prometheus metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps GET /api/health as documented', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'success', data: { status: 'ok', database: { status: 'up', kind: 'external' }, uptimeSeconds: expect.any(Number) } });
  });

  it('answers liveness without looking at dependencies, and readiness with the database and the browser', async () => {
    expect((await request(t.server).get('/api/health/live').expect(200)).body.data).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    expect((await request(t.server).get('/api/health/ready').expect(200)).body.data).toEqual({ status: 'ok', checks: { database: 'up', browser: 'up' } });
  });

  it('is not ready (503 shape B naming what is down) without a browser to render PDFs', async () => {
    const app = await createTestAppWithEnv({ PUPPETEER_EXECUTABLE_PATH: '/nonexistent/chromium' });
    try {
      expect((await request(app.server).get('/api/health/ready').expect(503)).body).toEqual({ message: 'Not ready: browser down' });
      await request(app.server).get('/api/health/live').expect(200);
    } finally {
      await app.close();
    }
  });

  describe('with METRICS_PORT', () => {
    let app: TestApp;
    let port: number;
    let tenant: TestTenant;
    const token = 'metrics-token-0123456789';
    const ingestToken = 'metrics-ingest-token-0123456789';
    beforeAll(async () => {
      port = await freePort();
      app = await createTestAppWithEnv({
        METRICS_PORT: String(port),
        METRICS_HOST: '127.0.0.1',
        METRICS_TOKEN: token,
        METRICS_DATABASE_COMMANDS: 'true',
        BILLING_PORTAL_URL: '',
        TELEMETRY_INGEST_TOKENS: ingestToken,
      });
      tenant = await createTenant(t.app); // same database; the isolated app is used through HTTP
    });
    afterAll(() => app.close());

    it('asks for the token', async () => {
      await scrape(port).expect(401);
      await scrape(port, 'wrong-token-0123456789!').expect(401);
      await request(`http://127.0.0.1:${port}`).get('/other').set('Authorization', `Bearer ${token}`).expect(404);
    });

    it('serves request counts and latency by route and status, event-loop lag, the pool and database commands, reports and portal calls', async () => {
      await request(app.server).get('/api/health').expect(200);
      await request(app.server).get('/api/auth/me').set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
      await request(app.server).get('/api/auth/me').expect(401);
      await request(app.server)
        .get(`/api/drivers/${'0'.repeat(24)}`)
        .set('Authorization', `Bearer ${tenant.admin.token}`)
        .expect(404);
      await request(app.server).get('/api/no-such-route').expect(404);
      await request(app.server)
        .post('/api/support/tickets')
        .set('Authorization', `Bearer ${tenant.admin.token}`)
        .send({ title: 'T', description: 'D', category: 'gps' })
        .expect(503);

      const res = await scrape(port, token).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const text = res.text;
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/);
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/me",status="200"\} 1/);
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/me",status="401"\} 1/);
      // a pattern, never the id: the number of series stays bounded
      expect(text).toMatch(/route="\/api\/drivers\/:id",status="404"/);
      expect(text).toMatch(/route="unmatched",status="404"/);
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/health",status="200"\}/);
      expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
      expect(text).toMatch(/mongodb_pool_connections_in_use \d/);
      // The driver read for the 404, by command and collection.
      expect(text).toMatch(/mongodb_commands_total\{command="find",collection="drivers"\} [1-9]/);
      expect(text).toMatch(/mongodb_command_seconds_total\{command="find",collection="drivers"\} \d/);
      expect(text).toMatch(/report_pages_waiting 0/);
      expect(text).toMatch(/chromium_running [01]/);
      expect(text).toMatch(/portal_calls_total\{operation="create ticket",outcome="not_configured"\} 1/);
    });

    it('counts refused telemetry by reason, and fixes stored as implausible', async () => {
      const asset = await addAsset(t, tenant.clientId);
      const now = Math.floor(Date.now() / 1000);
      const fix = (timestamp: number, lng: number) => ({ 'device.id': asset.vendorId, timestamp, 'position.latitude': -33.45, 'position.longitude': lng });
      // A day ahead (refused); then 1 km in 10 s (stored, implausible).
      const answer = await request(app.server)
        .post('/api/telemetry/flespi')
        .set('Authorization', `Bearer ${ingestToken}`)
        .send([fix(now + 86_400, -70.6), fix(now - 60, -70.6), fix(now - 50, -70.589)])
        .expect(200);
      expect(answer.body.data).toMatchObject({ accepted: 1, future: 1, implausible: 1 });
      const text = (await scrape(port, token).expect(200)).text;
      expect(text).toMatch(/telemetry_messages_refused_total\{reason="future"\} 1/);
      expect(text).toMatch(/telemetry_fixes_implausible_total 1/);
    });
  });
});
