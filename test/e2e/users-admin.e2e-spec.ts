import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import request from 'supertest';
import { ActivityEvent } from '@app/activity';
import { IdentityProvisioning, Permission } from '@app/auth';
import { Tracker } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant, TestUser } from '../factories/tenant.factory';

const INVALID = { error: 'Invalid or expired token' };

describe('users: list, read, create, change', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let manager: TestUser; // access_user, not protected
  let plainRoleId: string;
  let protectedRoleId: string;
  let trackerIds: string[];
  const call = (method: 'get' | 'post' | 'patch', path: string, token: string, body?: unknown) => {
    const req = request(t.server)[method](path).set('Authorization', `Bearer ${token}`);
    return body === undefined ? req : req.send(body as object);
  };
  const me = (token: string) => request(t.server).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  const userCount = () => t.connection.collection('users').countDocuments({ clientId: tenant.clientId });
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    email: `new-${new Types.ObjectId().toHexString().slice(-8)}@fleet.test`,
    name: 'Nueva Persona',
    roleId: plainRoleId,
    trackers: 'all',
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    manager = await tenant.addUser({ permissions: [Permission.User] });
    const identities = t.app.get(IdentityProvisioning);
    plainRoleId = (await identities.ensureRole(tenant.clientId, 'Inspector', [Permission.Inspections])).toHexString();
    protectedRoleId = tenant.admin.user.roleId.toHexString();
    const trackers = await t.app.get<Model<Tracker>>(getModelToken(Tracker.name)).create([
      { clientId: tenant.clientId, vendorId: 9_100_001, name: 'T1' },
      { clientId: tenant.clientId, vendorId: 9_100_002, name: 'T2' },
    ]);
    trackerIds = trackers.map((tracker) => tracker._id.toHexString());
  });
  afterAll(() => t.close());

  describe('POST /api/users', () => {
    it('creates the user with a one-time initial password that signs in; no hash anywhere', async () => {
      const body = newUser({ email: '  Ana.Rojas@Fleet.TEST ', trackers: [trackerIds[0]] });
      const res = await call('post', '/api/users', manager.token, body).set('X-Request-Id', 'create-user-1').expect(201);
      expect(res.body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        email: 'ana.rojas@fleet.test',
        name: 'Nueva Persona',
        role: { id: plainRoleId, name: 'Inspector', protected: false },
        trackers: [trackerIds[0]],
        disabled: false,
        language: 'es',
        passwordChangedAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        initialPassword: expect.stringMatching(/^[A-Za-z2-9]{16}$/),
      });
      const signIn = await request(t.server)
        .post('/api/auth/login')
        .send({ email: 'ana.rojas@fleet.test', password: res.body.data.initialPassword })
        .expect(200);
      const caller = (await me(signIn.body.data.token).expect(200)).body.data;
      expect(caller).toMatchObject({ permissions: ['access_inspections'], trackerScope: { all: false, trackerIds: [trackerIds[0]] } });

      const read = await call('get', `/api/users/${res.body.data.id}`, manager.token).expect(200);
      expect(read.body.data).toEqual({ ...res.body.data, initialPassword: undefined, updatedAt: expect.any(String) });
      expect(JSON.stringify(read.body)).not.toMatch(/scrypt|password"/i);
      const event = await t.app.get<Model<ActivityEvent>>(getModelToken(ActivityEvent.name)).findOne({ requestId: 'create-user-1' }).lean();
      expect(event).toMatchObject({ action: 'user.create', resourceType: 'user', resourceId: res.body.data.id });
      expect(JSON.stringify(event)).not.toContain(res.body.data.initialPassword);
      expect(JSON.stringify(event)).not.toContain('scrypt');
    });

    it('409 for an email that exists (in any case), nothing written', async () => {
      const before = await userCount();
      const res = await call('post', '/api/users', manager.token, newUser({ email: manager.email.toUpperCase() })).expect(409);
      expect(res.body).toEqual({ error: `A user with email ${manager.email} already exists` });
      expect(await userCount()).toBe(before);
    });

    it('a protected role only by a protected caller (403), and the protected caller may', async () => {
      const before = await userCount();
      const res = await call('post', '/api/users', manager.token, newUser({ roleId: protectedRoleId })).expect(403);
      expect(res.body).toEqual({ error: 'Only users with a protected role may assign a protected role' });
      expect(await userCount()).toBe(before);
      await call('post', '/api/users', tenant.admin.token, newUser({ roleId: protectedRoleId })).expect(201);
    });

    it("400 for another client's role and trackers, and for trackers outside the caller's own scope", async () => {
      const other = await createTenant(t.app);
      const foreignTracker = await t.app.get<Model<Tracker>>(getModelToken(Tracker.name)).create({ clientId: other.clientId, vendorId: 9_100_003, name: 'X' });
      const limited = await tenant.addUser({ permissions: [Permission.User], trackerIds: [new Types.ObjectId(trackerIds[0])] });
      const before = await userCount();
      expect((await call('post', '/api/users', manager.token, newUser({ roleId: other.admin.user.roleId.toHexString() })).expect(400)).body).toEqual({
        error: 'roleId: no role of the client with this id',
      });
      expect(
        (await call('post', '/api/users', manager.token, newUser({ trackers: [trackerIds[0], foreignTracker._id.toHexString()] })).expect(400)).body,
      ).toEqual({ error: `trackers: no tracker of the client with id ${foreignTracker._id.toHexString()}` });
      await call('post', '/api/users', limited.token, newUser({ trackers: [trackerIds[1]] })).expect(400);
      await call('post', '/api/users', limited.token, newUser({ trackers: 'all' })).expect(403);
      await call('post', '/api/users', limited.token, newUser({ trackers: [trackerIds[0]] })).expect(201);
      expect(await userCount()).toBe(before + 1);
    });

    it.each([
      ['a malformed email', { email: 'not-an-email' }, /email must be an email/],
      ['no name', { name: undefined }, /name/],
      ['a malformed roleId', { roleId: 'admin' }, /roleId must be a 24-character hexadecimal id/],
      ['trackers as another word', { trackers: 'some' }, /trackers must be 'all' or a list/],
      ['trackers with a bad id', { trackers: ['123'] }, /trackers must be 'all' or a list/],
      ['trackers repeated', { trackers: ['a'.repeat(24), 'A'.repeat(24)] }, /distinct/],
      ['no trackers', { trackers: undefined }, /trackers/],
      ['a password', { password: 'chosen by the caller 42' }, /password is not an accepted field/],
      ['a clientId', { clientId: new Types.ObjectId().toHexString() }, /clientId is not an accepted field/],
    ])('400 for %s, nothing written', async (_, overrides, message) => {
      const before = await userCount();
      const res = await call('post', '/api/users', manager.token, newUser(overrides)).expect(400);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatch(message);
      expect(await userCount()).toBe(before);
    });
  });

  describe('GET /api/users', () => {
    it("pages the client's users newest first and filters by q, roleId and disabled", async () => {
      const solo = await createTenant(t.app);
      const roleId = (await t.app.get(IdentityProvisioning).ensureRole(solo.clientId, 'Taller', [Permission.Maintenance])).toHexString();
      const made: string[] = [];
      for (const name of ['Mecánico Uno', 'Mecánico Dos', 'Chofer Tres']) {
        made.push(
          (await call('post', '/api/users', solo.admin.token, newUser({ name, roleId: name.startsWith('Mec') ? roleId : protectedRoleIdOf(solo) })).expect(201))
            .body.data.id,
        );
      }
      await call('patch', `/api/users/${made[1]}`, solo.admin.token, { disabled: true }).expect(200);

      const first = await call('get', '/api/users?limit=2', solo.admin.token).expect(200);
      expect(first.body.data.map((u: { id: string }) => u.id)).toEqual([made[2], made[1]]);
      const rest = await call('get', `/api/users?limit=2&cursor=${first.body.page.nextCursor}`, solo.admin.token).expect(200);
      expect(rest.body.data.map((u: { id: string }) => u.id)).toEqual([made[0], solo.admin.user._id.toHexString()]);
      expect(JSON.stringify([first.body, rest.body])).not.toMatch(/passwordHash|scrypt/);

      const ids = async (query: string) => (await call('get', `/api/users?${query}`, solo.admin.token).expect(200)).body.data.map((u: { id: string }) => u.id);
      expect(await ids('q=mecánico')).toEqual([made[1], made[0]]);
      expect(await ids('q=.*')).toEqual([]);
      expect(await ids(`roleId=${roleId}`)).toEqual([made[1], made[0]]);
      expect(await ids(`roleId=${roleId}&disabled=false`)).toEqual([made[0]]);
      expect(await ids('disabled=true')).toEqual([made[1]]);
      for (const bad of ['disabled=yes', 'roleId=x', 'limit=201', 'email=a', 'q=', 'q=a&q=b']) {
        await call('get', `/api/users?${bad}`, solo.admin.token).expect(400);
      }
    });
  });

  describe('PATCH /api/users/:id', () => {
    it('changes name, role and trackers; the new access applies at once', async () => {
      const target = await tenant.addUser({ permissions: [Permission.Drivers] });
      await me(target.apiToken).expect(200); // cached
      const res = await call('patch', `/api/users/${target.user._id}`, tenant.admin.token, {
        name: 'Renombrada',
        roleId: plainRoleId,
        trackers: [trackerIds[1]],
      }).expect(200);
      expect(res.body.data).toMatchObject({ name: 'Renombrada', role: { id: plainRoleId, name: 'Inspector' }, trackers: [trackerIds[1]], disabled: false });
      expect((await me(target.apiToken).expect(200)).body.data).toMatchObject({
        name: 'Renombrada',
        permissions: ['access_inspections'],
        trackerScope: { all: false },
      });
    });

    it('a non-protected caller may not change another user (403), only their own name', async () => {
      const target = await tenant.addUser({ permissions: [] });
      const res = await call('patch', `/api/users/${target.user._id}`, manager.token, { name: 'Nope' }).expect(403);
      expect(res.body).toEqual({ error: 'Only users with a protected role may change another user' });
      await call('patch', `/api/users/${manager.user._id}`, manager.token, { roleId: protectedRoleId }).expect(403);
      await call('patch', `/api/users/${manager.user._id}`, manager.token, { trackers: 'all' }).expect(403);
      await call('patch', `/api/users/${manager.user._id}`, manager.token, { name: 'Gestora' }).expect(200);
      expect((await call('get', `/api/users/${target.user._id}`, manager.token).expect(200)).body.data.name).toBe(target.user.name);
    });

    it('a protected caller limited to some trackers may not change a user who sees more (403), only one within their trackers', async () => {
      const limitedAdmin = await tenant.addUser({ protected: true, trackerIds: [new Types.ObjectId(trackerIds[0])] });
      const wider = await tenant.addUser({ permissions: [], trackerIds: trackerIds.slice(0, 2).map((id) => new Types.ObjectId(id)) });
      for (const target of [tenant.admin, wider]) {
        const before = (await call('get', `/api/users/${target.user._id}`, tenant.admin.token).expect(200)).body.data;
        for (const change of [{ disabled: true }, { trackers: [trackerIds[0]] }, { name: 'Tomada' }]) {
          const res = await call('patch', `/api/users/${target.user._id}`, limitedAdmin.token, change).expect(403);
          expect(res.body).toEqual({ error: 'Changing another user needs access to every tracker they see, and your role limits you to some' });
        }
        expect((await call('get', `/api/users/${target.user._id}`, tenant.admin.token).expect(200)).body.data).toEqual(before);
      }
      const within = await tenant.addUser({ permissions: [], trackerIds: [new Types.ObjectId(trackerIds[0])] });
      await call('patch', `/api/users/${within.user._id}`, limitedAdmin.token, { name: 'Dentro' }).expect(200);
    });

    it('anyone chooses the language of their own mails; only es and en', async () => {
      expect((await call('patch', `/api/users/${manager.user._id}`, manager.token, { language: 'en' }).expect(200)).body.data.language).toBe('en');
      const wrong = await call('patch', `/api/users/${manager.user._id}`, manager.token, { language: 'fr' }).expect(400);
      expect(wrong.body).toEqual({ error: expect.stringContaining('language must be one of') });
      const created = await call('post', '/api/users', tenant.admin.token, newUser({ email: 'lang.en@fleet.test', language: 'en' })).expect(201);
      expect((await call('get', `/api/users/${created.body.data.id}`, tenant.admin.token).expect(200)).body.data.language).toBe('en');
      await call('patch', `/api/users/${manager.user._id}`, manager.token, { language: 'es' }).expect(200);
    });

    it('disabling revokes every session and API token at once; enabling again does not revive them', async () => {
      const target = await tenant.addUser({ permissions: [Permission.Drivers] });
      await me(target.token).expect(200);
      await me(target.apiToken).expect(200);
      const res = await call('patch', `/api/users/${target.user._id}`, tenant.admin.token, { disabled: true }).set('X-Request-Id', 'disable-1').expect(200);
      expect(res.body.data.disabled).toBe(true);
      await me(target.token).expect(401, INVALID);
      await me(target.apiToken).expect(401, INVALID);
      await request(t.server).post('/api/auth/login').send({ email: target.email, password: target.password }).expect(401);
      const event = await t.app.get<Model<ActivityEvent>>(getModelToken(ActivityEvent.name)).findOne({ requestId: 'disable-1' }).lean();
      expect(event).toMatchObject({ action: 'user.disable', details: { revokedSessions: 1, revokedApiTokens: 1 } });

      await call('patch', `/api/users/${target.user._id}`, tenant.admin.token, { disabled: false }).expect(200);
      await me(target.apiToken).expect(401);
      await request(t.server).post('/api/auth/login').send({ email: target.email, password: target.password }).expect(200);
    });

    it('nobody disables or demotes the last active protected user of a client (409)', async () => {
      const solo = await createTenant(t.app);
      const adminId = solo.admin.user._id;
      const plain = (await t.app.get(IdentityProvisioning).ensureRole(solo.clientId, 'Plain', [Permission.User])).toHexString();
      expect((await call('patch', `/api/users/${adminId}`, solo.admin.token, { disabled: true }).expect(409)).body).toEqual({
        error: 'You cannot disable your own account',
      });
      const demote = await call('patch', `/api/users/${adminId}`, solo.admin.token, { roleId: plain }).expect(409);
      expect(demote.body.error).toBe(
        `${solo.admin.email} cannot be given a role that is not protected: it would leave the client without an active user with a protected role`,
      );
      await me(solo.admin.token).expect(200);

      // A second protected user who is disabled does not count; once active, the first may step down.
      const second = await solo.addUser({ protected: true });
      await call('patch', `/api/users/${second.user._id}`, solo.admin.token, { disabled: true }).expect(200);
      await call('patch', `/api/users/${adminId}`, solo.admin.token, { roleId: plain }).expect(409);
      await call('patch', `/api/users/${second.user._id}`, solo.admin.token, { disabled: false }).expect(200);
      const fresh = (await request(t.server).post('/api/auth/login').send({ email: second.email, password: second.password }).expect(200)).body.data.token;
      await call('patch', `/api/users/${adminId}`, solo.admin.token, { roleId: plain }).expect(200);
      // Now `second` is the last one: the former admin (no longer protected) cannot touch them, and they cannot step down.
      await call('patch', `/api/users/${second.user._id}`, solo.admin.token, { disabled: true }).expect(403);
      await call('patch', `/api/users/${second.user._id}`, fresh, { roleId: plain }).expect(409);
    });

    it('400 for an empty body, null, the email or unknown fields; nothing changes', async () => {
      const target = await tenant.addUser({ permissions: [] });
      const path = `/api/users/${target.user._id}`;
      for (const body of [
        {},
        { name: null },
        { disabled: null },
        { trackers: null },
        { disabled: 'true' },
        { email: 'x@y.z' },
        { active: false },
        { roleId: 'nope' },
        { roleId: new Types.ObjectId().toHexString() },
      ]) {
        const res = await call('patch', path, tenant.admin.token, body);
        expect([res.status, Object.keys(res.body)]).toEqual([400, ['error']]);
      }
      expect((await call('get', path, tenant.admin.token).expect(200)).body.data).toMatchObject({ name: target.user.name, disabled: false });
      await me(target.token).expect(200);
    });

    it("another client's user is 404 on read and change, and stays unchanged", async () => {
      const other = await createTenant(t.app);
      const foreign = other.admin.user._id.toHexString();
      await call('get', `/api/users/${foreign}`, tenant.admin.token).expect(404, { error: 'User not found' });
      await call('patch', `/api/users/${foreign}`, tenant.admin.token, { disabled: true }).expect(404, { error: 'User not found' });
      await call('get', `/api/users/${new Types.ObjectId()}`, tenant.admin.token).expect(404);
      await call('get', '/api/users/not-an-id', tenant.admin.token).expect(404);
      await me(other.admin.token).expect(200);
    });

    it('401 and 403 on every user route', async () => {
      const viewer = await tenant.addUser({ permissions: [Permission.Drivers] });
      const id = viewer.user._id;
      for (const [method, path, body] of [
        ['get', '/api/users'],
        ['get', `/api/users/${id}`],
        ['post', '/api/users', newUser()],
        ['patch', `/api/users/${id}`, { name: 'x' }],
      ] as const) {
        await request(t.server)[method](path).send(body).expect(401, INVALID);
        await call(method, path, viewer.token, body).expect(403);
      }
    });
  });
});

function protectedRoleIdOf(tenant: TestTenant): string {
  return tenant.admin.user.roleId.toHexString();
}
