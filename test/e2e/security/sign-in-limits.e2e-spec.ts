import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { createTenant, TestUser } from '../../factories/tenant.factory';

/**
 * Sign-in limits cannot be escaped with a new X-Forwarded-For per attempt: by default no proxy is
 * trusted, not even a local client (the client is the socket's peer), and failed sign-ins are
 * also counted per account, whatever the address.
 */
const forwardedFrom = (i: number) => `203.0.113.${i + 1}`;

describe('sign-in limits', () => {
  // Tenants are made through the plain app; the apps with other settings share its database.
  let base: TestApp;
  beforeAll(async () => {
    base = await createTestApp();
  });
  afterAll(() => base.close());

  describe('default configuration (TRUST_PROXY unset)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestAppWithEnv({ RATE_LIMIT_ENABLED: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '3', LOGIN_LOCKOUT_THRESHOLD: '0' });
    });
    afterAll(() => t.close());

    it('limits twelve failed sign-ins from one client even with a new X-Forwarded-For each', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await request(t.server)
          .post('/api/auth/login')
          .set('X-Forwarded-For', forwardedFrom(i))
          .send({ email: `nobody-${i}@fleet.test`, password: 'a wrong password' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, ...Array(9).fill(429)]);
    });

    it('records the real peer address, not the forwarded one, in the activity log', async () => {
      const tenant = await createTenant(base.app);
      // A new app: the per-IP sign-in window of the test above is still full on this one.
      const fresh = await createTestAppWithEnv({ LOGIN_LOCKOUT_THRESHOLD: '0' });
      try {
        await request(fresh.server)
          .post('/api/auth/login')
          .set('X-Forwarded-For', '198.51.100.9')
          .set('X-Request-Id', 'forwarded-failure')
          .send({ email: tenant.admin.email, password: 'a wrong password' })
          .expect(401);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const event = await base.connection.collection('activity_events').findOne({ requestId: 'forwarded-failure' });
        expect(event).toMatchObject({ action: 'auth.login_failed' });
        expect(JSON.stringify(event)).not.toContain('198.51.100.9');
        expect(JSON.stringify(event)).toMatch(/127\.0\.0\.1|::1/);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('per-account limit, behind a trusted proxy that forwards many addresses', () => {
    let t: TestApp;
    let user: TestUser;
    const attempt = (password: string, i: number) =>
      request(t.server).post('/api/auth/login').set('X-Forwarded-For', forwardedFrom(i)).send({ email: user.email, password });

    beforeAll(async () => {
      t = await createTestAppWithEnv({
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_ENABLED: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '100',
        LOGIN_LOCKOUT_THRESHOLD: '5',
        LOGIN_LOCKOUT_BASE_SECONDS: '1',
        LOGIN_LOCKOUT_MAX_SECONDS: '4',
      });
      user = (await createTenant(base.app)).admin;
    });
    afterAll(() => t.close());

    it('locks the account after five failures from any addresses, with a growing Retry-After, and a success resets it', async () => {
      for (let i = 0; i < 5; i++) await attempt('a wrong password', i).expect(401);
      // Locked: even the right password is refused, with 429 shape A and Retry-After.
      const locked = await attempt(user.password, 5).expect(429);
      expect(locked.body).toEqual({ error: 'Too many failed sign-ins for this account, try again later' });
      expect(locked.headers['retry-after']).toBe('1');

      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await attempt('a wrong password', 6).expect(401); // the sixth failure: locked for 2 s now
      expect((await attempt(user.password, 7).expect(429)).headers['retry-after']).toBe('2');

      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await attempt(user.password, 8).expect(200);
      // Reset: one new failure does not lock.
      await attempt('a wrong password', 9).expect(401);
      await attempt(user.password, 10).expect(200);
    });

    it('counts unknown emails too (the answer does not tell which accounts exist)', async () => {
      const unknown = (i: number) =>
        request(t.server).post('/api/auth/login').set('X-Forwarded-For', forwardedFrom(i)).send({ email: 'ghost@fleet.test', password: 'a wrong password' });
      for (let i = 0; i < 5; i++) await unknown(i).expect(401);
      await unknown(5).expect(429);
    });
  });
});
