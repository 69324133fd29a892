import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import request from 'supertest';
import { ActivityEvent } from '@app/activity';
import { ALL_PERMISSIONS, Permission, PERMISSION_DESCRIPTIONS } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant, TestUser } from '../factories/tenant.factory';

const INVALID = { error: 'Invalid or expired token' };

describe('permissions and roles', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let manager: TestUser; // access_user, not protected
  const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, token: string, body?: unknown) => {
    const req = request(t.server)[method](path).set('Authorization', `Bearer ${token}`);
    return body === undefined ? req : req.send(body as object);
  };
  const roleCount = () => t.connection.collection('roles').countDocuments({ clientId: tenant.clientId });
  const createRole = async (body: Record<string, unknown>, token = tenant.admin.token) => (await call('post', '/api/roles', token, body).expect(201)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    manager = await tenant.addUser({ permissions: [Permission.User] });
  });
  afterAll(() => t.close());

  describe('GET /api/permissions', () => {
    it('lists the whole catalog with descriptions', async () => {
      const res = await call('get', '/api/permissions', manager.token).expect(200);
      expect(res.body.data).toEqual(ALL_PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })));
      expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining([
          'access_drivers',
          'access_invoices',
          'access_user',
          'access_inspections',
          'access_dynamic_forms',
          'access_activity_log',
          'access_support',
          'access_assets',
        ]),
      );
    });

    it('401 without or with a bad token, 403 without access_user', async () => {
      await request(t.server).get('/api/permissions').expect(401, INVALID);
      await call('get', '/api/permissions', 'atk_nope').expect(401, INVALID);
      const viewer = await tenant.addUser({ permissions: [Permission.Drivers] });
      await call('get', '/api/permissions', viewer.token).expect(403);
    });
  });

  describe('roles', () => {
    it('creates a role, records the event, and refuses the same name again with 409', async () => {
      const role = await createRole({ name: '  Inspector  ', permissions: ['access_inspections'] }, manager.token);
      expect(role).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Inspector',
        permissions: ['access_inspections'],
        protected: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const event = await t.app.get<Model<ActivityEvent>>(getModelToken(ActivityEvent.name)).findOne({ action: 'role.create', resourceId: role.id }).lean();
      expect(event?.after).toEqual({ name: 'Inspector', permissions: ['access_inspections'], protected: false });
      const res = await call('post', '/api/roles', manager.token, { name: 'Inspector', permissions: [] }).expect(409);
      expect(res.body).toEqual({ error: 'A role named "Inspector" already exists' });
      // The same name in another client is fine.
      const other = await createTenant(t.app);
      await call('post', '/api/roles', other.admin.token, { name: 'Inspector', permissions: [] }).expect(201);
    });

    it.each([
      ['an unknown permission', { name: 'X1', permissions: ['access_everything'] }, /each permission must be one of/],
      ['a repeated permission', { name: 'X2', permissions: ['access_fuel', 'access_fuel'] }, /must not repeat/],
      ['permissions not an array', { name: 'X3', permissions: 'access_fuel' }, /permissions/],
      ['no name', { permissions: [] }, /name/],
      ['an empty name', { name: '  ', permissions: [] }, /name/],
      ['a name over 100 characters', { name: 'n'.repeat(101), permissions: [] }, /name/],
      ['protected not a boolean', { name: 'X4', permissions: [], protected: 'yes' }, /protected must be a boolean/],
      ['an unknown field', { name: 'X5', permissions: [], clientId: new Types.ObjectId().toHexString() }, /clientId is not an accepted field/],
    ])('400 for %s, nothing written', async (_, body, message) => {
      const before = await roleCount();
      const res = await call('post', '/api/roles', manager.token, body).expect(400);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatch(message);
      expect(await roleCount()).toBe(before);
    });

    it('only a protected caller creates, changes or deletes a protected role (403 otherwise)', async () => {
      const before = await roleCount();
      const refused = await call('post', '/api/roles', manager.token, { name: 'Admins 2', permissions: [], protected: true }).expect(403);
      expect(refused.body).toEqual({ error: 'Only users with a protected role may create or change a protected role' });
      expect(await roleCount()).toBe(before);

      const guarded = await createRole({ name: 'Auditors', permissions: ['access_activity_log'], protected: true });
      await call('patch', `/api/roles/${guarded.id}`, manager.token, { name: 'Renamed' }).expect(403);
      await call('delete', `/api/roles/${guarded.id}`, manager.token).expect(403);
      const plain = await createRole({ name: 'Plain', permissions: [] }, manager.token);
      await call('patch', `/api/roles/${plain.id}`, manager.token, { protected: true }).expect(403);
      expect((await call('get', `/api/roles/${guarded.id}`, manager.token).expect(200)).body.data.name).toBe('Auditors');
      expect((await call('get', `/api/roles/${plain.id}`, manager.token).expect(200)).body.data.protected).toBe(false);

      const changed = await call('patch', `/api/roles/${guarded.id}`, tenant.admin.token, {
        name: 'Auditores',
        permissions: ['access_activity_log', 'access_reports'],
      }).expect(200);
      expect(changed.body.data).toMatchObject({ name: 'Auditores', permissions: ['access_activity_log', 'access_reports'], protected: true });
      await call('delete', `/api/roles/${guarded.id}`, tenant.admin.token).expect(200, { status: 'success', data: { id: guarded.id } });
      await call('get', `/api/roles/${guarded.id}`, tenant.admin.token).expect(404, { error: 'Role not found' });
    });

    it('PATCH: 400 for an empty body, null, unknown fields; 409 for a taken name', async () => {
      const role = await createRole({ name: 'Workshop', permissions: ['access_maintenance'] }, manager.token);
      await createRole({ name: 'Drivers desk', permissions: ['access_drivers'] }, manager.token);
      expect((await call('patch', `/api/roles/${role.id}`, manager.token, {}).expect(400)).body.error).toMatch(/at least one/);
      await call('patch', `/api/roles/${role.id}`, manager.token, { name: null }).expect(400);
      await call('patch', `/api/roles/${role.id}`, manager.token, { permissions: null }).expect(400);
      await call('patch', `/api/roles/${role.id}`, manager.token, { clientId: new Types.ObjectId().toHexString() }).expect(400);
      const taken = await call('patch', `/api/roles/${role.id}`, manager.token, { name: 'Drivers desk' }).expect(409);
      expect(taken.body).toEqual({ error: 'A role named "Drivers desk" already exists' });
      expect((await call('get', `/api/roles/${role.id}`, manager.token).expect(200)).body.data).toMatchObject({
        name: 'Workshop',
        permissions: ['access_maintenance'],
      });
    });

    it("a changed role's permissions apply at once to its holders' cached tokens", async () => {
      const role = await createRole({ name: 'Fuel desk', permissions: ['access_fuel', 'access_user'] }, manager.token);
      const holder = await tenant.addUser({ permissions: [Permission.User] });
      await call('patch', `/api/users/${holder.user._id}`, tenant.admin.token, { roleId: role.id }).expect(200);
      await call('get', '/api/permissions', holder.apiToken).expect(200); // cached now
      await call('patch', `/api/roles/${role.id}`, manager.token, { permissions: ['access_fuel'] }).expect(200);
      await call('get', '/api/permissions', holder.apiToken).expect(403);
    });

    it('refuses to delete a role in use (409 naming how many users hold it), deletes it once free', async () => {
      const role = await createRole({ name: 'Busy', permissions: [] }, manager.token);
      const holders = [await tenant.addUser({ permissions: [] }), await tenant.addUser({ permissions: [] })];
      for (const holder of holders) await call('patch', `/api/users/${holder.user._id}`, tenant.admin.token, { roleId: role.id }).expect(200);
      const res = await call('delete', `/api/roles/${role.id}`, manager.token).expect(409);
      expect(res.body).toEqual({ error: 'Role "Busy" is in use: 2 users have it; give them another role first' });
      const spare = await createRole({ name: 'Spare', permissions: [] }, manager.token);
      await call('patch', `/api/users/${holders[0].user._id}`, tenant.admin.token, { roleId: spare.id }).expect(200);
      expect((await call('delete', `/api/roles/${role.id}`, manager.token).expect(409)).body.error).toMatch(/1 user has it/);
      await call('patch', `/api/users/${holders[1].user._id}`, tenant.admin.token, { roleId: spare.id }).expect(200);
      await call('delete', `/api/roles/${role.id}`, manager.token).expect(200);
    });

    it('409 when un-protecting the role of the last active protected users', async () => {
      const solo = await createTenant(t.app);
      const roleId = solo.admin.user.roleId.toHexString();
      const res = await call('patch', `/api/roles/${roleId}`, solo.admin.token, { protected: false }).expect(409);
      expect(res.body.error).toMatch(/cannot stop being protected: it would leave the client without an active user with a protected role/);
      expect((await call('get', `/api/roles/${roleId}`, solo.admin.token).expect(200)).body.data.protected).toBe(true);
      // With another protected role held by an active user, it may.
      const keeper = await createRole({ name: 'Keepers', permissions: ['access_user'], protected: true }, solo.admin.token);
      const other = await solo.addUser({ permissions: [] });
      await call('patch', `/api/users/${other.user._id}`, solo.admin.token, { roleId: keeper.id }).expect(200);
      await call('patch', `/api/roles/${roleId}`, solo.admin.token, { protected: false }).expect(200);
    });

    it('lists roles by name with cursor pages', async () => {
      const solo = await createTenant(t.app);
      for (const name of ['Delta', 'alpha', 'Charlie', 'Bravo']) await createRole({ name, permissions: [] }, solo.admin.token);
      const first = await call('get', '/api/roles?limit=2', solo.admin.token).expect(200);
      expect(first.body.page.nextCursor).toEqual(expect.any(String));
      const second = await call('get', `/api/roles?limit=2&cursor=${first.body.page.nextCursor}`, solo.admin.token).expect(200);
      const third = await call('get', `/api/roles?limit=2&cursor=${second.body.page.nextCursor}`, solo.admin.token).expect(200);
      const names = [...first.body.data, ...second.body.data, ...third.body.data].map((r: { name: string }) => r.name);
      expect(names).toHaveLength(5); // the four and the admin's role
      expect([...names].sort()).toEqual(names);
      expect(third.body.page.nextCursor).toBeNull();
      await call('get', '/api/roles?limit=0', solo.admin.token).expect(400);
      await call('get', '/api/roles?name=x', solo.admin.token).expect(400);
      await call('get', '/api/roles?cursor=bm90LWEtY3Vyc29y', solo.admin.token).expect(400);
    });

    it("another client's role is 404 on every route, and stays unchanged", async () => {
      const other = await createTenant(t.app);
      const foreign = other.admin.user.roleId.toHexString();
      for (const [method, body] of [['get'], ['patch', { name: 'Hijacked' }], ['delete']] as const) {
        await call(method, `/api/roles/${foreign}`, tenant.admin.token, body).expect(404, { error: 'Role not found' });
        await call(method, `/api/roles/${new Types.ObjectId()}`, tenant.admin.token, body).expect(404);
        await call(method, '/api/roles/not-an-id', tenant.admin.token, body).expect(404);
      }
      expect((await call('get', `/api/roles/${foreign}`, other.admin.token).expect(200)).body.data.protected).toBe(true);
    });

    it('401 and 403 on every role route', async () => {
      const viewer = await tenant.addUser({ permissions: [Permission.Drivers] });
      const id = tenant.admin.user.roleId.toHexString();
      for (const [method, path, body] of [
        ['get', '/api/roles'],
        ['get', `/api/roles/${id}`],
        ['post', '/api/roles', { name: 'x', permissions: [] }],
        ['patch', `/api/roles/${id}`, { name: 'y' }],
        ['delete', `/api/roles/${id}`],
      ] as const) {
        await request(t.server)[method](path).send(body).expect(401, INVALID);
        await call(method, path, viewer.token, body).expect(403);
      }
    });
  });
});
