import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { buildInvoices, PortalStub, startPortalStub } from '../support/portal-stub';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';

// Several apps boot in this file; on a shared 2-core machine that can exceed the default 5 s.
jest.setTimeout(60_000);

const PERIOD = { from: '2026-01-01', to: '2026-01-31' };
const TIMEOUT_MS = 600;
const UNAVAILABLE = { status: 'failed', code: 'PORTAL_UNAVAILABLE', message: expect.stringMatching(/portal/), requestId: expect.any(String) };

describe('POST /api/invoices/report: refusals and an unavailable portal', () => {
  let stub: PortalStub;
  let t: TestApp;
  let tenant: TestTenant;
  const invoiceCalls = () => stub.requestsTo('/clients/').length;
  const reportEvents = () => t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId, action: 'invoice_report.generate' });
  const post = (app: TestApp, body: unknown, token = tenant.admin.token, query = '') =>
    request(app.server)
      .post(`/api/invoices/report${query}`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);

  beforeAll(async () => {
    stub = await startPortalStub();
    Object.assign(process.env, { BILLING_PORTAL_URL: stub.url, BILLING_PORTAL_TOKEN: stub.token });
    t = await createTestApp();
    tenant = await createTenant(t.app);
    stub.setInvoices(tenant.clientId.toHexString(), buildInvoices(30));
  });
  afterEach(() => {
    stub.mode = 'ok';
    stub.resetNext = 0;
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('401 without a token and with an invalid one; the portal is not called', async () => {
    const calls = invoiceCalls();
    expect((await request(t.server).post('/api/invoices/report').send(PERIOD).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    expect((await post(t, PERIOD, 'atk_invalidinvalidinvalidinvalidinvalidinvalid1').expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    expect(invoiceCalls()).toBe(calls);
  });

  it('403 without access_invoices (access_support alone is not enough); the portal is not called', async () => {
    const calls = invoiceCalls();
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    const support = await tenant.addUser({ permissions: [Permission.Support] });
    expect((await post(t, PERIOD, viewer.token).expect(403)).body).toEqual({ error: expect.any(String) });
    await post(t, PERIOD, support.token).expect(403);
    expect(invoiceCalls()).toBe(calls);
  });

  it('200 for a user with access_invoices alone', async () => {
    const accountant = await tenant.addUser({ permissions: [Permission.Invoices] });
    await post(t, PERIOD, accountant.token).expect(200);
  });

  it.each([
    ['no body', {}, /from/],
    ['no to', { from: '2026-01-01' }, /to/],
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-01' }, /from must be a date in YYYY-MM-DD form/],
    ['a DD/MM/YYYY date', { from: '01/01/2026', to: '2026-01-31' }, /from/],
    ['a date-time', { from: '2026-01-01T00:00:00Z', to: '2026-01-31' }, /from/],
    ['a number', { from: 20260101, to: '2026-01-31' }, /from/],
    ['null', { from: '2026-01-01', to: null }, /to/],
    ['from after to', { from: '2026-02-01', to: '2026-01-31' }, /from must be on or before to/],
  ])('400 shape A for %s; the portal is not called and nothing is recorded', async (_, body, message) => {
    const calls = invoiceCalls();
    const events = await reportEvents();
    const res = await post(t, body).expect(400);
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
    expect(invoiceCalls()).toBe(calls);
    expect(await reportEvents()).toBe(events);
  });

  it.each(['?format=csv', '?format=PDF', '?format=pdf&format=xlsx'])('400 shape A for %s', async (query) => {
    const calls = invoiceCalls();
    expect((await post(t, PERIOD, tenant.admin.token, query).expect(400)).body).toEqual({ error: 'format must be xlsx or pdf' });
    expect(invoiceCalls()).toBe(calls);
  });

  it('400 asking to narrow the period when it has more than 1000 invoices; 1000 is fine', async () => {
    const big = await createTenant(t.app);
    stub.setInvoices(big.clientId.toHexString(), buildInvoices(1001));
    const res = await post(t, PERIOD, big.admin.token).expect(400);
    expect(res.body).toEqual({ error: 'The period has 1001 invoices and a report holds at most 1000: choose a shorter period' });
    expect(await t.connection.collection('activity_events').countDocuments({ clientId: big.clientId })).toBe(0);
    stub.setInvoices(big.clientId.toHexString(), buildInvoices(1000));
    await post(t, PERIOD, big.admin.token).expect(200);
  });

  it("asks the portal only for the caller's client", async () => {
    const other = await createTenant(t.app);
    await post(t, PERIOD, other.admin.token).expect(200);
    expect(stub.requests.at(-1)!.path).toBe(`/clients/${other.clientId.toHexString()}/invoices`);
  });

  it('503 shape D with the request id when the portal answers 5xx, and nothing is recorded', async () => {
    stub.mode = 'error';
    const events = await reportEvents();
    const res = await post(t, PERIOD).set('X-Request-Id', 'inv-5xx').expect(503);
    expect(res.body).toEqual({ ...UNAVAILABLE, requestId: 'inv-5xx' });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(await reportEvents()).toBe(events);
  });

  it('503 shape D when the portal answers outside the contract (never a report from bad data)', async () => {
    stub.mode = 'malformed';
    expect((await post(t, PERIOD).set('X-Request-Id', 'inv-bad').expect(503)).body).toEqual({ ...UNAVAILABLE, requestId: 'inv-bad' });
    stub.mode = 'ok';
    await post(t, PERIOD).expect(200);
  });

  it('retries a read once when the connection drops, then succeeds', async () => {
    const calls = invoiceCalls();
    stub.resetNext = 1;
    await post(t, PERIOD, tenant.admin.token, '?format=xlsx').expect(200);
    expect(invoiceCalls() - calls).toBe(2);
  });

  it('503 when the connection drops twice (one retry only)', async () => {
    const calls = invoiceCalls();
    stub.resetNext = 2;
    expect((await post(t, PERIOD).set('X-Request-Id', 'inv-reset').expect(503)).body).toEqual({ ...UNAVAILABLE, requestId: 'inv-reset' });
    expect(invoiceCalls() - calls).toBe(2);
    await post(t, PERIOD).expect(200);
  });

  describe('with other portal settings', () => {
    const withApp = async (env: Record<string, string>, check: (app: TestApp) => Promise<void>) => {
      const app = await createTestAppWithEnv(env);
      try {
        await check(app);
      } finally {
        await app.close();
      }
    };

    it('503 (not 504) within the time-out when the portal hangs, asked once', async () => {
      stub.mode = 'hang';
      const calls = invoiceCalls();
      await withApp({ BILLING_PORTAL_URL: stub.url, BILLING_PORTAL_TOKEN: stub.token, BILLING_PORTAL_TIMEOUT_MS: String(TIMEOUT_MS) }, async (app) => {
        const started = Date.now();
        const res = await post(app, PERIOD).set('X-Request-Id', 'inv-hang').expect(503);
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
        expect(res.body).toEqual({ ...UNAVAILABLE, requestId: 'inv-hang' });
      });
      expect(invoiceCalls() - calls).toBe(1);
    });

    it('503 when the portal refuses connections', async () => {
      const closed = await startPortalStub();
      await closed.close();
      await withApp({ BILLING_PORTAL_URL: closed.url, BILLING_PORTAL_TOKEN: 'x' }, async (app) => {
        expect((await post(app, PERIOD).set('X-Request-Id', 'inv-refused').expect(503)).body).toEqual({ ...UNAVAILABLE, requestId: 'inv-refused' });
      });
    });

    it('503 when the portal rejects our token', async () => {
      await withApp({ BILLING_PORTAL_URL: stub.url, BILLING_PORTAL_TOKEN: 'wrong-token' }, async (app) => {
        expect((await post(app, PERIOD).expect(503)).body).toEqual(UNAVAILABLE);
      });
    });
  });
});
