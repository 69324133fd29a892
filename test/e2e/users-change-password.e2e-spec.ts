import request from 'supertest';
import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ActivityEvent } from '@app/activity';
import { ApiTokenService, Permission, SessionService } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';

const NEW_PASSWORD = 'correct horse battery';

describe('PATCH /api/users/:id/change-password', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const change = (id: string | Types.ObjectId, token: string, body: unknown = { password: NEW_PASSWORD }) =>
    request(t.server)
      .patch(`/api/users/${String(id)}/change-password`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const me = (token: string) => request(t.server).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  const login = (email: string, password: string) => request(t.server).post('/api/auth/login').send({ email, password });
  const secondSession = async (user: TestUser) => (await t.app.get(SessionService).issue(user.user)).token;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('changes the own password, keeps the calling session and signs out the others', async () => {
    const user = await tenant.addUser({ permissions: [Permission.User] });
    const other = await secondSession(user);
    await me(other).expect(200); // now cached by the credential verifier
    const res = await change(user.user._id, user.token).set('X-Request-Id', 'own-change').expect(200);
    expect(res.body).toEqual({ status: 'success', data: { message: 'Password changed; your other sessions were signed out' } });
    await me(user.token).expect(200);
    await me(other).expect(401);
    await me(user.apiToken).expect(200); // API tokens are not sessions: revoked on their own
    await login(user.email, user.password).expect(401);
    await login(user.email, NEW_PASSWORD).expect(200);

    const event = await t.app.get<Model<ActivityEvent>>(getModelToken(ActivityEvent.name)).findOne({ requestId: 'own-change' }).lean();
    expect(event).toMatchObject({
      clientId: tenant.clientId,
      action: 'user.password_change',
      resourceType: 'user',
      resourceId: user.user._id.toHexString(),
      details: { revokedSessions: 1, callerSessionKept: true },
    });
    expect(JSON.stringify(event)).not.toContain('scrypt');
  });

  it('signs out every session when the own password is changed with an API token', async () => {
    const user = await tenant.addUser({ permissions: [Permission.User] });
    await change(user.user._id, user.apiToken).expect(200);
    await me(user.token).expect(401);
    await me(user.apiToken).expect(200);
  });

  it("lets a protected role change another user's password, revoking every session and API token of that user at once", async () => {
    const target = await tenant.addUser({ permissions: [] });
    const secondToken = (await t.app.get(ApiTokenService).create({ userId: target.user._id, clientId: tenant.clientId }, 'erp')).token;
    // All three are verified, so cached by the credential verifier: revocation must evict them.
    for (const token of [target.token, target.apiToken, secondToken]) await me(token).expect(200);
    const res = await change(target.user._id, tenant.admin.token).set('X-Request-Id', 'admin-reset').expect(200);
    expect(res.body.data.message).toBe(`Password of ${target.email} changed; their sessions and API tokens were revoked`);
    for (const token of [target.token, target.apiToken, secondToken]) await me(token).expect(401);
    await me(tenant.admin.token).expect(200);
    await me(tenant.admin.apiToken).expect(200);
    await login(target.email, NEW_PASSWORD).expect(200);
    const stored = await t.connection.collection('api_tokens').find({ userId: target.user._id }).toArray();
    expect(stored.map((token) => token.revokedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    const event = await t.app.get<Model<ActivityEvent>>(getModelToken(ActivityEvent.name)).findOne({ requestId: 'admin-reset' }).lean();
    expect(event?.details).toEqual({ revokedSessions: 1, revokedApiTokens: 2, callerSessionKept: false });
  });

  it('keeps every API token of a user who changes their own password', async () => {
    const user = await tenant.addUser({ permissions: [Permission.User] });
    const secondToken = (await t.app.get(ApiTokenService).create({ userId: user.user._id, clientId: tenant.clientId }, 'erp')).token;
    await me(secondToken).expect(200);
    await change(user.user._id, user.token).expect(200);
    await me(user.apiToken).expect(200);
    await me(secondToken).expect(200);
    expect(await t.connection.collection('api_tokens').countDocuments({ userId: user.user._id, revokedAt: { $exists: true } })).toBe(0);
  });

  it("403 for another user's password without a protected role, and nothing changes", async () => {
    const operator = await tenant.addUser({ permissions: [Permission.User] });
    const target = await tenant.addUser({ permissions: [] });
    const res = await change(target.user._id, operator.token).expect(403);
    expect(res.body).toEqual({ error: "Only users with a protected role may change another user's password" });
    await me(target.token).expect(200);
    await login(target.email, target.password).expect(200);
  });

  it('403 for the password of a user who sees trackers a protected caller limited to some trackers does not, and nothing changes', async () => {
    const [mine, theirs] = [new Types.ObjectId(), new Types.ObjectId()];
    const limitedAdmin = await tenant.addUser({ protected: true, trackerIds: [mine] });
    // An admin who sees everything, and a user who sees a tracker the caller does not: neither theirs to reset.
    for (const target of [tenant.admin, await tenant.addUser({ permissions: [], trackerIds: [mine, theirs] })]) {
      const res = await change(target.user._id, limitedAdmin.token).expect(403);
      expect(res.body).toEqual({ error: "Changing another user's password needs access to every tracker they see, and your role limits you to some" });
      await me(target.token).expect(200);
      await login(target.email, target.password).expect(200);
    }
    // A user within the caller's trackers: theirs to reset.
    const within = await tenant.addUser({ permissions: [], trackerIds: [mine] });
    await change(within.user._id, limitedAdmin.token).expect(200);
    await login(within.email, NEW_PASSWORD).expect(200);
  });

  it('403 without access_user, even for the own password', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS, protected: true });
    expect((await change(viewer.user._id, viewer.token).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
  });

  it('404 for a user of another client, an unknown id and a malformed id', async () => {
    const other = await createTenant(t.app);
    const foreign = await change(other.admin.user._id, tenant.admin.token).expect(404);
    expect(foreign.body).toEqual({ error: 'User not found' });
    await change(new Types.ObjectId(), tenant.admin.token).expect(404);
    await change('not-an-id', tenant.admin.token).expect(404);
    await login(other.admin.email, other.admin.password).expect(200);
  });

  it('401 without a token and with an invalid one', async () => {
    await request(t.server).patch(`/api/users/${tenant.admin.user._id}/change-password`).send({ password: NEW_PASSWORD }).expect(401);
    await change(tenant.admin.user._id, 'sess_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx').expect(401);
  });

  describe('400 shape A for a password that breaks the rules, and nothing changes', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await tenant.addUser({ permissions: [Permission.User] });
    });
    afterAll(async () => {
      await login(user.email, user.password).expect(200);
    });

    it.each([
      ['missing', {}, /password must be longer than or equal to 10 characters/],
      ['9 characters', { password: '123456789' }, /longer than or equal to 10/],
      ['129 characters', { password: 'p'.repeat(129) }, /shorter than or equal to 128/],
      ['a number', { password: 1234567890123 }, /password must be a string/],
      ['with an unknown field', { password: NEW_PASSWORD, newPassword: NEW_PASSWORD }, /newPassword is not an accepted field/],
    ])('%s', async (_, body, message) => {
      const res = await change(user.user._id, user.token, body).expect(400);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatch(message);
    });

    it('equal to the email address of the user, in any case', async () => {
      const res = await change(user.user._id, user.token, { password: ` ${user.email.toUpperCase()} ` }).expect(400);
      expect(res.body).toEqual({ error: 'The password must not be the email address of the user' });
    });
  });
});
