import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import request from 'supertest';
import { ApiToken, generateToken, hashToken, Permission, Session } from '@app/auth';
import { Asset, Tracker } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { ProbeController } from '../support/probe.controller';

const INVALID = { error: 'Invalid or expired token' };
const ORIGIN = 'https://app.fleet.test';

describe('authentication and authorization', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp({ controllers: [ProbeController] });
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  describe('401 for every bad credential, in shape A', () => {
    it('no credentials', async () => {
      await request(t.server).get('/api/auth/me').expect(401, INVALID);
    });

    it.each([
      ['garbage', 'Bearer not-a-token'],
      ['a legacy JWT', 'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
      ['a well-formed token that was never issued', `Bearer ${generateToken('api_token')}`],
      ['another scheme', 'Basic YWRtaW46YWRtaW4='],
      ['an empty bearer', 'Bearer '],
    ])('%s', async (_, header) => {
      await request(t.server).get('/api/auth/me').set('Authorization', header).expect(401, INVALID);
    });

    it('a token anywhere but the Authorization header or the session cookie', async () => {
      const token = tenant.admin.apiToken;
      await request(t.server).get(`/api/auth/me?access_token=${token}`).expect(401, INVALID);
      await request(t.server).get(`/api/auth/me?access_token=${token}`).set('Authorization', 'Basic Zm9v').expect(401, INVALID);
      await request(t.server)
        .post('/api/drivers/import')
        .set('Authorization', 'Basic Zm9v')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ access_token: token, rows: [{ row: 2, firstName: 'Ana', lastName: 'Soto', rut: '11111111-1' }] }))
        .expect(401);
      await request(t.server).post('/api/probe/bearer-only').set('Authorization', 'Basic Zm9v').send({ access_token: tenant.admin.token }).expect(401, INVALID);
      // The same token in the header works: only the place was wrong.
      await request(t.server).get('/api/auth/me').set(bearer(token)).expect(200);
    });

    it('an expired session', async () => {
      const user = await tenant.addUser();
      const sessions = t.app.get<Model<Session>>(getModelToken(Session.name));
      await sessions.updateOne({ tokenHash: hashToken(user.token) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      await request(t.server).get('/api/auth/me').set(bearer(user.token)).expect(401, INVALID);
    });

    it('an expired API token', async () => {
      const user = await tenant.addUser();
      const tokens = t.app.get<Model<ApiToken>>(getModelToken(ApiToken.name));
      await tokens.updateOne({ tokenHash: hashToken(user.apiToken) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      await request(t.server).get('/api/auth/me').set(bearer(user.apiToken)).expect(401, INVALID);
    });

    it('a session token in the cookie on a bearer-only route', async () => {
      await request(t.server).post('/api/probe/bearer-only').set('Cookie', `fleet_session=${tenant.admin.token}`).set('Origin', ORIGIN).expect(401, INVALID);
      await request(t.server).post('/api/probe/bearer-only').set(bearer(tenant.admin.token)).expect(201);
    });

    it('a deactivated user', async () => {
      const user = await tenant.addUser();
      await request(t.server).get('/api/auth/me').set(bearer(user.token)).expect(200);
      await t.connection.collection('users').updateOne({ _id: user.user._id }, { $set: { active: false } });
      await request(t.server)
        .get('/api/auth/me')
        .set(bearer(generateToken('session')))
        .expect(401);
      const fresh = await request(t.server).post('/api/auth/login').send({ email: user.email, password: user.password });
      expect(fresh.status).toBe(401);
    });
  });

  describe('permissions and deny by default', () => {
    it('403 in shape A when the role lacks the permission', async () => {
      const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
      await request(t.server)
        .get('/api/probe/drivers-permission')
        .set(bearer(viewer.token))
        .expect(403, { error: 'You do not have permission to perform this action' });
    });

    it('passes with the permission, whatever else the role has', async () => {
      const driversOnly = await tenant.addUser({ permissions: [Permission.Drivers] });
      await request(t.server).get('/api/probe/drivers-permission').set(bearer(driversOnly.apiToken)).expect(200);
    });

    it('refuses a route that declares no access policy, even to an admin', async () => {
      const res = await request(t.server).get('/api/probe/undeclared').set(bearer(tenant.admin.token)).expect(403);
      expect(res.body).toEqual({ error: 'This route declares no access policy' });
    });
  });

  describe('the session cookie', () => {
    it('authenticates reads without an Origin', async () => {
      const res = await request(t.server).get('/api/auth/me').set('Cookie', `fleet_session=${tenant.admin.token}`).expect(200);
      expect(res.body.data.credential).toMatchObject({ kind: 'session', via: 'cookie' });
    });

    it('refuses cookie-authenticated writes without an allowed Origin', async () => {
      const cookie = `fleet_session=${tenant.admin.token}`;
      await request(t.server).post('/api/probe/write').set('Cookie', cookie).expect(403);
      await request(t.server).post('/api/probe/write').set('Cookie', cookie).set('Origin', 'https://evil.example').expect(403);
      await request(t.server).post('/api/probe/write').set('Cookie', cookie).set('Referer', 'https://evil.example/page').expect(403);
      const ok = await request(t.server).post('/api/probe/write').set('Cookie', cookie).set('Origin', ORIGIN).expect(201);
      expect(ok.body.data).toEqual({ via: 'cookie' });
      await request(t.server).post('/api/probe/write').set('Cookie', cookie).set('Referer', `${ORIGIN}/fleet/map`).expect(201);
    });

    it('does not need an Origin for bearer-authenticated writes', async () => {
      await request(t.server).post('/api/probe/write').set(bearer(tenant.admin.token)).expect(201);
    });
  });

  describe('login and logout', () => {
    it('signs in: a session token, its expiry, the caller, and an HttpOnly SameSite=Lax cookie', async () => {
      const user = await tenant.addUser({ permissions: [Permission.Drivers] });
      const res = await request(t.server).post('/api/auth/login').send({ email: user.email.toUpperCase(), password: user.password }).expect(200);
      expect(res.body.data.token).toMatch(/^sess_[A-Za-z0-9_-]{43}$/);
      expect(new Date(res.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
      expect(res.body.data.user).toMatchObject({ email: user.email, permissions: ['access_drivers'], client: { id: tenant.clientId.toHexString() } });
      const cookie = res.headers['set-cookie'][0];
      expect(cookie).toMatch(/^fleet_session=sess_/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/); // only in production, with the __Secure- prefix
      await request(t.server).get('/api/auth/me').set(bearer(res.body.data.token)).expect(200);
    });

    it('refuses a wrong password and an unknown email alike', async () => {
      const wrong = await request(t.server).post('/api/auth/login').send({ email: tenant.admin.email, password: 'wrong password' }).expect(401);
      const unknown = await request(t.server).post('/api/auth/login').send({ email: 'nobody@fleet.test', password: 'wrong password' }).expect(401);
      expect(wrong.body).toEqual({ error: 'Invalid email or password' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('logs out: the session token stops working at once, the cookie is cleared, events are recorded', async () => {
      const user = await tenant.addUser();
      const login = await request(t.server).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      const token = login.body.data.token;
      await request(t.server).get('/api/auth/me').set(bearer(token)).expect(200); // now cached
      const out = await request(t.server).post('/api/auth/logout').set(bearer(token)).expect(200);
      expect(out.headers['set-cookie'][0]).toMatch(/fleet_session=;/);
      await request(t.server).get('/api/auth/me').set(bearer(token)).expect(401, INVALID);
      await request(t.server).post('/api/auth/logout').set(bearer(token)).expect(401);
      const actions = await t.connection
        .collection('activity_events')
        .find({ 'actor.userId': user.user._id })
        .map((e) => e.action)
        .toArray();
      expect(actions).toEqual(expect.arrayContaining(['auth.login', 'auth.logout']));
    });

    it('refuses to "log out" an API token (it is revoked under api-tokens)', async () => {
      const res = await request(t.server).post('/api/auth/logout').set(bearer(tenant.admin.apiToken)).expect(400);
      expect(res.body.error).toMatch(/api-tokens/);
    });
  });

  describe('API tokens', () => {
    it('creates (shown once), lists (hint only), uses and revokes a token; revocation is immediate', async () => {
      const user = await tenant.addUser();
      const created = await request(t.server).post('/api/auth/api-tokens').set(bearer(user.token)).send({ name: 'ERP', expiresInDays: 30 }).expect(201);
      const { token, id } = created.body.data;
      expect(token).toMatch(/^atk_[A-Za-z0-9_-]{43}$/);
      const list = await request(t.server).get('/api/auth/api-tokens').set(bearer(user.token)).expect(200);
      const listed = list.body.data.find((item: { id: string }) => item.id === id);
      expect(listed).toMatchObject({ name: 'ERP', hint: `…${token.slice(-4)}`, revokedAt: null });
      expect(JSON.stringify(list.body)).not.toContain(token);

      const me = await request(t.server).get('/api/auth/me').set(bearer(token)).expect(200);
      expect(me.body.data.credential).toMatchObject({ kind: 'api_token', via: 'bearer' });
      await request(t.server).delete(`/api/auth/api-tokens/${id}`).set(bearer(user.token)).expect(200);
      await request(t.server).get('/api/auth/me').set(bearer(token)).expect(401, INVALID);
    });

    it("answers 404 for another user's token, another client's, and a malformed id", async () => {
      const other = await createTenant(t.app);
      const otherToken = await request(t.server).post('/api/auth/api-tokens').set(bearer(other.admin.token)).send({ name: 'theirs' }).expect(201);
      const colleague = await tenant.addUser();
      const colleagueToken = await request(t.server).post('/api/auth/api-tokens').set(bearer(colleague.token)).send({ name: 'colleague' }).expect(201);
      for (const id of [otherToken.body.data.id, colleagueToken.body.data.id, 'nope', new Types.ObjectId().toHexString()]) {
        await request(t.server).delete(`/api/auth/api-tokens/${id}`).set(bearer(tenant.admin.token)).expect(404, { error: 'API token not found' });
      }
      await request(t.server).get('/api/auth/me').set(bearer(otherToken.body.data.token)).expect(200);
    });

    it('refuses a bad body', async () => {
      await request(t.server).post('/api/auth/api-tokens').set(bearer(tenant.admin.token)).send({}).expect(400);
      await request(t.server)
        .post('/api/auth/api-tokens')
        .set(bearer(tenant.admin.token))
        .send({ name: 'x'.repeat(101) })
        .expect(400);
      await request(t.server).post('/api/auth/api-tokens').set(bearer(tenant.admin.token)).send({ name: 'ok', expiresInDays: '30' }).expect(400);
    });

    it('stores only SHA-256 hashes of tokens', async () => {
      const user = await tenant.addUser();
      const sessions = await t.connection.collection('sessions').find({ userId: user.user._id }).toArray();
      const tokens = await t.connection.collection('api_tokens').find({ userId: user.user._id }).toArray();
      const stored = JSON.stringify([...sessions, ...tokens]);
      expect(stored).not.toContain(user.token);
      expect(stored).not.toContain(user.apiToken);
      expect(sessions[0].tokenHash).toBe(hashToken(user.token));
      expect(tokens[0].tokenHash).toBe(hashToken(user.apiToken));
    });
  });

  it('costs no database round trip per request for a cached token', async () => {
    const user = await tenant.addUser();
    await request(t.server).get('/api/auth/me').set(bearer(user.apiToken)).expect(200); // cache fill
    const operations: string[] = [];
    t.connection.set('debug', (collection: string, method: string) => operations.push(`${collection}.${method}`));
    try {
      for (let i = 0; i < 20; i++) await request(t.server).get('/api/auth/me').set(bearer(user.apiToken)).expect(200);
    } finally {
      t.connection.set('debug', false);
    }
    // Only what authenticating a request could read is counted: background work (the live feed's
    // poll of `telemetry_latest`, the jobs' polls and sweeps) runs on its own timers meanwhile.
    const authCollections = ['sessions', 'api_tokens', 'users', 'roles', 'clients'];
    expect(operations.filter((operation) => authCollections.includes(operation.split('.')[0]))).toEqual([]);
  });

  describe('tenant scope', () => {
    it("reads another client's record exactly as a missing one (404)", async () => {
      const other = await createTenant(t.app);
      const trackers = t.app.get<Model<Tracker>>(getModelToken(Tracker.name));
      const assets = t.app.get<Model<Asset>>(getModelToken(Asset.name));
      const tracker = await trackers.create({ clientId: other.clientId, vendorId: 990_000 + Math.floor(Math.random() * 9999), name: 'T' });
      const theirs = await assets.create({ clientId: other.clientId, name: 'Their truck', kind: 'truck', mainTrackerId: tracker._id });
      const foreign = await request(t.server).get(`/api/probe/assets/${theirs._id}`).set(bearer(tenant.admin.token)).expect(404);
      const unknown = await request(t.server).get(`/api/probe/assets/${new Types.ObjectId()}`).set(bearer(tenant.admin.token)).expect(404);
      const malformed = await request(t.server).get('/api/probe/assets/not-an-id').set(bearer(tenant.admin.token)).expect(404);
      expect(foreign.body).toEqual({ error: 'Asset not found' });
      expect(unknown.body).toEqual(foreign.body);
      expect(malformed.body).toEqual(foreign.body);
      await request(t.server).get(`/api/probe/assets/${theirs._id}`).set(bearer(other.admin.token)).expect(200);
    });

    it("hides assets outside the caller's tracker scope", async () => {
      const trackers = t.app.get<Model<Tracker>>(getModelToken(Tracker.name));
      const assets = t.app.get<Model<Asset>>(getModelToken(Asset.name));
      const [mine, notMine] = await trackers.create([
        { clientId: tenant.clientId, vendorId: 980_000 + Math.floor(Math.random() * 9999), name: 'A' },
        { clientId: tenant.clientId, vendorId: 970_000 + Math.floor(Math.random() * 9999), name: 'B' },
      ]);
      const asset = await assets.create({ clientId: tenant.clientId, name: 'Scoped', kind: 'van', mainTrackerId: notMine._id });
      const scoped = await tenant.addUser({ trackerIds: [mine._id] });
      await request(t.server).get(`/api/probe/assets/${asset._id}`).set(bearer(scoped.token)).expect(404);
      await request(t.server).get(`/api/probe/assets/${asset._id}`).set(bearer(tenant.admin.token)).expect(200);
    });
  });

  describe('error shapes', () => {
    it('B: an uncaught error is a bare 500 without internals', async () => {
      const res = await request(t.server).get('/api/probe/boom').set(bearer(tenant.admin.token)).expect(500);
      expect(res.body).toEqual({ message: 'Internal server error' });
    });

    it('C: a route declaring shape C answers its validation errors and 500s in it', async () => {
      const invalid = await request(t.server).post('/api/probe/shape-c').set(bearer(tenant.admin.token)).send({ count: 'x' }).expect(400);
      expect(invalid.body).toEqual({
        status: 'failed',
        message: expect.stringMatching(/count/),
        errors: expect.arrayContaining([expect.objectContaining({ path: 'count' })]),
      });
      const failed = await request(t.server).post('/api/probe/shape-c').set(bearer(tenant.admin.token)).send({ count: 13 }).expect(500);
      expect(failed.body).toEqual({ status: 'failed', message: 'Internal server error', errors: [] });
      await request(t.server).post('/api/probe/shape-c').set(bearer(tenant.admin.token)).send({ count: 2 }).expect(201);
    });

    it('a validator that throws on odd input yields 400, not 500', async () => {
      // class-validator's IsNumber({maxDecimalPlaces}) throws on exponent notation.
      const res = await request(t.server).post('/api/probe/price').set(bearer(tenant.admin.token)).send({ price: -5e-324 }).expect(400);
      expect(res.body).toEqual({ error: 'The request body could not be validated' });
      await request(t.server).post('/api/probe/price').set(bearer(tenant.admin.token)).send({ price: 1019.9 }).expect(201);
    });

    it('D: portal unavailability carries the request id', async () => {
      const res = await request(t.server).get('/api/probe/portal-down').set(bearer(tenant.admin.token)).set('X-Request-Id', 'req-42').expect(503);
      expect(res.body).toEqual({ status: 'failed', code: 'PORTAL_UNAVAILABLE', message: 'The billing portal is not available right now', requestId: 'req-42' });
    });

    it('E: inspection QR errors carry their code', async () => {
      const res = await request(t.server).get('/api/probe/qr-revoked').set(bearer(tenant.admin.token)).expect(410);
      expect(res.body).toEqual({ status: 'failed', code: 'INSPECTION_QR_REVOKED', message: 'This QR code was replaced and is no longer valid' });
    });
  });
});
