import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { startPortalStub, PortalStub } from '../support/portal-stub';
import { createTenant, TestTenant } from '../factories/tenant.factory';

const TIMEOUT_MS = 600;
const valid = { title: 'Sin señal', description: 'No reporta', category: 'technical' };
const UNAVAILABLE = {
  status: 'failed',
  code: 'PORTAL_UNAVAILABLE',
  message: expect.stringMatching(/portal/),
  requestId: expect.any(String),
};

// Two apps boot per file; on a shared 2-core machine that can exceed the default 5 s.
jest.setTimeout(60_000);

describe('POST /api/support/tickets when the portal fails', () => {
  let stub: PortalStub;
  let t: TestApp;
  let portal: TestApp;
  let tenant: TestTenant;
  const post = (app: TestApp, requestId: string) =>
    request(app.server).post('/api/support/tickets').set('Authorization', `Bearer ${tenant.admin.token}`).set('X-Request-Id', requestId).send(valid);
  const ticketEvents = () => t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId, action: 'support_ticket.create' });

  beforeAll(async () => {
    stub = await startPortalStub();
    t = await createTestApp();
    portal = await createTestAppWithEnv({ BILLING_PORTAL_URL: stub.url, BILLING_PORTAL_TOKEN: stub.token, BILLING_PORTAL_TIMEOUT_MS: String(TIMEOUT_MS) });
    tenant = await createTenant(t.app);
  });
  afterEach(() => (stub.mode = 'ok'));
  afterAll(async () => {
    await portal.close();
    await t.close();
    await stub.close();
  });

  it('503 shape D with the request id when the portal answers 5xx', async () => {
    stub.mode = 'error';
    const res = await post(portal, 'req-5xx').expect(503);
    expect(res.body).toEqual({ ...UNAVAILABLE, requestId: 'req-5xx' });
    expect(stub.requestsTo('/tickets')).toHaveLength(1);
  });

  it('503 shape D when the portal answers a body outside the contract', async () => {
    stub.mode = 'malformed';
    expect((await post(portal, 'req-malformed').expect(503)).body).toEqual({ ...UNAVAILABLE, requestId: 'req-malformed' });
  });

  it('504 shape D within the time-out when the portal hangs, and the ticket is sent exactly once', async () => {
    await post(portal, 'req-ok').expect(201); // resets the circuit breaker's count
    stub.mode = 'hang';
    const before = stub.requestsTo('/tickets').length;
    const started = Date.now();
    const res = await post(portal, 'req-hang').expect(504);
    const elapsed = Date.now() - started;
    expect(res.body).toEqual({ ...UNAVAILABLE, message: expect.stringMatching(/may have been created/), requestId: 'req-hang' });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    // Long enough for a retry to have arrived, had there been one.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS));
    expect(stub.requestsTo('/tickets').length - before).toBe(1);
  });

  it('does not resend a ticket whose connection was dropped (503, one request)', async () => {
    await post(portal, 'req-ok-2').expect(201);
    const before = stub.requestsTo('/tickets').length;
    stub.resetNext = 1;
    expect((await post(portal, 'req-reset').expect(503)).body).toEqual({ ...UNAVAILABLE, requestId: 'req-reset' });
    expect(stub.requestsTo('/tickets').length - before).toBe(1);
  });

  it('writes no activity event for a ticket that failed', async () => {
    const events = await ticketEvents();
    stub.mode = 'error';
    await post(portal, 'req-no-event').expect(503);
    expect(await ticketEvents()).toBe(events);
  });

  it('503 shape D when the portal refuses the connection', async () => {
    const closed = await startPortalStub();
    await closed.close();
    const app = await createTestAppWithEnv({ BILLING_PORTAL_URL: closed.url, BILLING_PORTAL_TOKEN: 'x' });
    try {
      expect((await post(app, 'req-refused').expect(503)).body).toEqual({ ...UNAVAILABLE, requestId: 'req-refused' });
    } finally {
      await app.close();
    }
  });

  it('503 shape D saying "not configured" (not "try again"), not a crash, when no portal is configured', async () => {
    const app = await createTestAppWithEnv({ BILLING_PORTAL_URL: '', BILLING_PORTAL_TOKEN: '' });
    try {
      expect((await post(app, 'req-unconfigured').expect(503)).body).toEqual({
        ...UNAVAILABLE,
        message: 'The billing and support portal is not configured on this server',
        requestId: 'req-unconfigured',
      });
    } finally {
      await app.close();
    }
  });

  it('fails fast after five failures in a row without calling the portal (circuit breaker)', async () => {
    const failing = await startPortalStub();
    failing.mode = 'error';
    const app = await createTestAppWithEnv({ BILLING_PORTAL_URL: failing.url, BILLING_PORTAL_TOKEN: failing.token });
    try {
      for (let i = 0; i < 5; i++) await post(app, `req-trip-${i}`).expect(503);
      expect(failing.requests).toHaveLength(5);
      failing.mode = 'ok';
      expect((await post(app, 'req-open').expect(503)).body).toEqual({ ...UNAVAILABLE, requestId: 'req-open' });
      expect(failing.requests).toHaveLength(5);
    } finally {
      await app.close();
      await failing.close();
    }
  });
});
