import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { startPortalStub, PortalStub } from '../support/portal-stub';
import { createTenant, TestTenant } from '../factories/tenant.factory';

const TIMEOUT_MS = 600;
const body = (n: number) => ({ title: `Sin señal ${n}`, description: 'El camión no reporta desde ayer.', category: 'technical' });

// Two apps boot per file; on a shared 2-core machine that can exceed the default 5 s.
jest.setTimeout(60_000);

/**
 * `Idempotency-Key` on ticket creation: a retry of the same ticket never creates a
 * second one, whether the first attempt answered, failed, or died with the process.
 */
describe('POST /api/support/tickets with an Idempotency-Key', () => {
  let stub: PortalStub;
  let t: TestApp;
  let portal: TestApp;
  let tenant: TestTenant;
  const post = (key: string | undefined, payload: unknown) => {
    const req = request(portal.server).post('/api/support/tickets').set('Authorization', `Bearer ${tenant.admin.token}`);
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(payload as object);
  };
  const posts = () => stub.requestsTo('/tickets').filter((r) => r.method === 'POST').length;
  const requests = () => t.connection.collection('support_ticket_requests');
  /** A pending attempt as a process killed during its portal call leaves it. */
  const interrupted = (key: string, n: number, inFlightUntil = new Date(Date.now() - 1000)) =>
    requests().insertOne({
      clientId: tenant.clientId,
      key,
      userId: tenant.admin.user._id,
      fingerprint: fingerprint(n),
      state: 'pending',
      attemptedAt: new Date(Date.now() - 20_000),
      inFlightUntil,
    });
  let fingerprint: (n: number) => string;

  beforeAll(async () => {
    stub = await startPortalStub();
    t = await createTestApp();
    portal = await createTestAppWithEnv({ BILLING_PORTAL_URL: stub.url, BILLING_PORTAL_TOKEN: stub.token, BILLING_PORTAL_TIMEOUT_MS: String(TIMEOUT_MS) });
    tenant = await createTenant(t.app);
    // The stored fingerprint of a body, as the first attempt wrote it.
    await post('fingerprint-probe', body(0)).expect(201);
    const probe = (await requests().findOne({ key: 'fingerprint-probe' }))!;
    const { createHash } = await import('node:crypto');
    fingerprint = (n) =>
      createHash('sha256')
        .update(JSON.stringify([body(n).title, body(n).description, body(n).category]))
        .digest('hex');
    expect(probe.fingerprint).toBe(fingerprint(0));
  });
  afterAll(async () => {
    await portal.close();
    await t.close();
    await stub.close();
  });
  beforeEach(() => {
    stub.mode = 'ok';
    stub.requests.length = 0;
  });

  it('the same key twice: one ticket, answered twice alike, one activity event', async () => {
    const first = await post('key-repeat-0001', body(1)).expect(201);
    const again = await post('key-repeat-0001', body(1)).expect(201);
    expect(again.body).toEqual(first.body);
    expect(posts()).toBe(1);
    expect(await t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId, resourceId: first.body.ticket.id })).toBe(1);
  });

  it('409 for the key with another ticket, 400 for a malformed key; the portal is not called', async () => {
    await post('key-other-0001', body(2)).expect(201);
    stub.requests.length = 0;
    const conflict = await post('key-other-0001', body(3)).expect(409);
    expect(JSON.stringify(conflict.body)).toMatch(/already used for another ticket/);
    const bad = await post('no', body(3)).expect(400);
    expect(JSON.stringify(bad.body)).toMatch(/Idempotency-Key/);
    expect(posts()).toBe(0);
  });

  it('an attempt killed after the portal created the ticket: the retry finds it and creates none', async () => {
    await interrupted('key-killed-after', 4);
    const stored = stub.addTicket({ clientId: tenant.clientId.toHexString(), ...body(4), authorName: tenant.admin.user.name });
    const res = await post('key-killed-after', body(4)).expect(201);
    expect(res.body.ticket.id).toBe(stored.id);
    expect(posts()).toBe(0);
    expect(await requests().findOne({ key: 'key-killed-after' })).toMatchObject({ state: 'created', ticketId: stored.id });
    // Once adopted, a ticket is no other attempt's: the next interrupted twin sends its own.
    await interrupted('key-killed-twin', 4);
    const twin = await post('key-killed-twin', body(4)).expect(201);
    expect(twin.body.ticket.id).not.toBe(stored.id);
    expect(posts()).toBe(1);
  });

  it('an attempt killed before the portal got it: the retry sends it once', async () => {
    await interrupted('key-killed-before', 5);
    await post('key-killed-before', body(5)).expect(201);
    await post('key-killed-before', body(5)).expect(201);
    expect(posts()).toBe(1);
  });

  it('409 while the first attempt may still be running', async () => {
    await interrupted('key-in-flight', 6, new Date(Date.now() + 60_000));
    await post('key-in-flight', body(6)).expect(409);
    expect(posts()).toBe(0);
  });

  it('a time-out (504), then the retry: one ticket', async () => {
    stub.mode = 'hang';
    await post('key-timed-out', body(7)).expect(504);
    stub.mode = 'ok';
    const res = await post('key-timed-out', body(7)).expect(201);
    const mine = [...stub.requestsTo('/tickets')].filter((r) => r.method === 'POST' && (r.body as { title: string }).title === body(7).title);
    expect(mine).toHaveLength(2);
    expect(stub.ticket(res.body.ticket.id)).toBeDefined();
  });

  it('without a key, nothing is kept (as before)', async () => {
    const before = await requests().countDocuments();
    await post(undefined, body(8)).expect(201);
    expect(await requests().countDocuments()).toBe(before);
  });
});
