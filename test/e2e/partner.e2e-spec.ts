import request from 'supertest';
import { createHmac } from 'node:crypto';
import { Types } from 'mongoose';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';

const PLATFORM_URL = 'https://partner.example.test/sso/login';
const SECRET = 'shared-secret-for-the-tests';

describe('GET /api/partner/:userId', () => {
  // The test app has no partner configuration; `configured` shares its database and has one.
  let t: TestApp;
  let configured: TestApp;
  let tenant: TestTenant;
  let partnerUser: TestUser;
  const get = (app: TestApp, userId: unknown, token: string) =>
    request(app.server)
      .get(`/api/partner/${String(userId)}`)
      .set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await createTestApp();
    configured = await createTestAppWithEnv({ PARTNER_PLATFORM_URL: PLATFORM_URL, PARTNER_SHARED_SECRET: SECRET });
    tenant = await createTenant(t.app);
    partnerUser = await tenant.addUser({ permissions: NO_PERMISSIONS, partnerLogin: 'acme-ana' });
  });
  afterAll(async () => {
    await configured.close();
    await t.close();
  });

  it("signs the caller's partner login with HMAC-SHA256 and builds the sign-in URL", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await get(configured, partnerUser.user._id, partnerUser.token).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body.data;
    expect(data).toEqual({
      login: 'acme-ana',
      algorithm: 'HMAC-SHA256',
      timestamp: expect.any(Number),
      expiresAt: new Date((data.timestamp + 300) * 1000).toISOString(),
      hash: createHmac('sha256', SECRET).update(`acme-ana:${data.timestamp}`).digest('hex'),
      authUrl: `${PLATFORM_URL}?login=acme-ana&ts=${data.timestamp}&hash=${data.hash}`,
    });
    expect(data.timestamp).toBeGreaterThanOrEqual(before);
    expect(data.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('works with an API token too', async () => {
    await get(configured, partnerUser.user._id, partnerUser.apiToken).expect(200);
  });

  it('404 for another user of the same client, even one with a partner account', async () => {
    const colleague = await tenant.addUser({ partnerLogin: 'acme-colleague' });
    const res = await get(configured, colleague.user._id, tenant.admin.token).expect(404);
    expect(res.body).toEqual({ error: 'Partner account not found' });
  });

  it('404 for a user of another client, an unknown id and a malformed id', async () => {
    const other = await createTenant(t.app, { partnerLogin: 'globex-admin' });
    await get(configured, other.admin.user._id, partnerUser.token).expect(404);
    await get(configured, new Types.ObjectId(), partnerUser.token).expect(404);
    await get(configured, 'me', partnerUser.token).expect(404);
  });

  it('404 for the caller without a partner account', async () => {
    const res = await get(configured, tenant.admin.user._id, tenant.admin.token).expect(404);
    expect(res.body).toEqual({ error: 'Partner account not found' });
  });

  it('401 without a token and with an invalid one', async () => {
    await request(configured.server).get(`/api/partner/${partnerUser.user._id}`).expect(401);
    await get(configured, partnerUser.user._id, 'atk_nope').expect(401);
  });

  it('404 shape A (the spec lists no 503) when the partner integration is not configured', async () => {
    const res = await get(t, partnerUser.user._id, partnerUser.token).expect(404);
    expect(res.body).toEqual({ error: 'The partner platform integration is not configured' });
  });
});
