import { getModelToken } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import request from 'supertest';
import { ActivityEvent } from '@app/activity';
import { Permission } from '@app/auth';
import type { Stored } from '@app/database';
import type { AssetGroup, Tracker } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';

describe('assets, asset groups and trackers', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let limited: TestUser;
  let noPermission: TestUser;
  let other: TestTenant;
  let events: Model<ActivityEvent>;
  let inScope: Stored<Tracker>;
  let outOfScope: Stored<Tracker>;
  let free: Stored<Tracker>;
  let group: Stored<AssetGroup>;
  const call = (token: string) => ({
    get: (path: string) => request(t.server).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body?: object) => request(t.server).post(path).set('Authorization', `Bearer ${token}`).send(body),
    patch: (path: string, body?: object) => request(t.server).patch(path).set('Authorization', `Bearer ${token}`).send(body),
    delete: (path: string) => request(t.server).delete(path).set('Authorization', `Bearer ${token}`),
  });
  const admin = () => call(tenant.admin.token);

  beforeAll(async () => {
    t = await createTestApp();
    events = t.app.get(getModelToken(ActivityEvent.name));
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    [inScope, outOfScope, free] = [await fixtures.tracker(), await fixtures.tracker(), await fixtures.tracker()];
    group = await fixtures.group('Refrigerados');
    limited = await tenant.addUser({ trackerIds: [inScope._id, free._id] });
    noPermission = await tenant.addUser({ permissions: NO_PERMISSIONS });
    other = await createTenant(t.app);
  });
  afterAll(() => t.close());

  describe('assets', () => {
    let assetId: string;

    it('creates an asset (201) with its fields, groups and main tracker, and records the change', async () => {
      const body = {
        name: 'Camión 10',
        plate: 'KJHT-10',
        kind: 'truck',
        icon: { id: 'truck', color: '#aa0000' },
        groupIds: [group._id.toHexString()],
        mainTrackerId: inScope._id.toHexString(),
      };
      const res = await admin().post('/api/assets', body).expect(201);
      expect(res.body.data).toMatchObject({ ...body, archivedAt: null });
      assetId = res.body.data.id;
      expect(await events.findOne({ action: 'asset.create', resourceId: assetId })).toBeTruthy();
      expect((await admin().get(`/api/assets/${assetId}`).expect(200)).body.data).toEqual(res.body.data);
    });

    it('refuses a plate already used by an asset in service, whatever its spelling (409), and writes nothing', async () => {
      const res = await admin().post('/api/assets', { name: 'Otro', plate: 'kjht 10', kind: 'van' }).expect(409);
      expect(res.body.error).toContain('Camión 10');
      expect((await admin().get('/api/assets?q=Otro').expect(200)).body.data).toEqual([]);
    });

    it("refuses a tracker that is already another asset's main tracker (409)", async () => {
      const res = await admin().post('/api/assets', { name: 'Otro', kind: 'van', mainTrackerId: inScope._id.toHexString() }).expect(409);
      expect(res.body.error).toContain('Camión 10');
    });

    it('refuses bad input (400): missing, wrong-typed, unknown fields, unknown group or tracker', async () => {
      for (const body of [
        { plate: 'X', kind: 'truck' },
        { name: 5, kind: 'truck' },
        { name: 'A', kind: 'truck', clientId: tenant.clientId },
        { name: 'A', kind: 'truck', icon: { id: 'x', color: 'red' } },
        { name: 'A', kind: 'truck', icon: { id: 'x', color: '#000000', extra: 1 } },
        { name: 'A', kind: 'truck', groupIds: [outOfScope._id.toHexString()] },
        { name: 'A', kind: 'truck', mainTrackerId: 'nope' },
      ]) {
        await admin().post('/api/assets', body).expect(400);
      }
      await admin()
        .post('/api/assets', { name: 'A', kind: 'truck', mainTrackerId: (await fleetFixtures(t.app, other.clientId).tracker())._id.toHexString() })
        .expect(400);
      expect((await admin().get('/api/assets?q=A&limit=200').expect(200)).body.data.filter((a: { name: string }) => a.name === 'A')).toEqual([]);
    });

    it('lists with filters q (name or plate), groupId, kind, archived, and pages with a cursor', async () => {
      await admin().post('/api/assets', { name: 'Rampla 22', plate: 'JX-2222', kind: 'trailer' }).expect(201);
      await admin().post('/api/assets', { name: 'Rampla 23', plate: 'JX-2323', kind: 'trailer' }).expect(201);
      expect((await admin().get('/api/assets?q=jx-23').expect(200)).body.data.map((a: { name: string }) => a.name)).toEqual(['Rampla 23']);
      expect((await admin().get('/api/assets?kind=trailer').expect(200)).body.data.map((a: { name: string }) => a.name)).toEqual(['Rampla 23', 'Rampla 22']);
      expect((await admin().get(`/api/assets?groupId=${group._id.toHexString()}`).expect(200)).body.data.map((a: { id: string }) => a.id)).toEqual([assetId]);
      const first = await admin().get('/api/assets?limit=1').expect(200);
      expect(first.body.page.nextCursor).toEqual(expect.any(String));
      const second = await admin().get(`/api/assets?limit=1&cursor=${first.body.page.nextCursor}`).expect(200);
      expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
      for (const query of ['archived=yes', 'limit=0', 'colour=red', 'groupId=12', 'q=']) await admin().get(`/api/assets?${query}`).expect(400);
    });

    it('updates partially (200) and refuses empty, unknown or immutable fields (400) and taken plates (409)', async () => {
      const res = await admin().patch(`/api/assets/${assetId}`, { name: 'Camión 10 bis', groupIds: [] }).expect(200);
      expect(res.body.data).toMatchObject({ name: 'Camión 10 bis', plate: 'KJHT-10', groupIds: [] });
      expect(await events.findOne({ action: 'asset.update', resourceId: assetId })).toMatchObject({
        before: { name: 'Camión 10' },
        after: { name: 'Camión 10 bis' },
      });
      for (const body of [{}, { archivedAt: null }, { id: assetId }, { name: null }, { plate: 7 }])
        await admin().patch(`/api/assets/${assetId}`, body).expect(400);
      await admin().patch(`/api/assets/${assetId}`, { plate: 'JX 2222' }).expect(409);
      expect((await admin().get(`/api/assets/${assetId}`)).body.data.plate).toBe('KJHT-10');
    });

    it('assigns and removes the main tracker through PATCH', async () => {
      const { body } = await admin().post('/api/assets', { name: 'Furgón 5', kind: 'van' }).expect(201);
      await admin().patch(`/api/assets/${body.data.id}`, { mainTrackerId: inScope._id.toHexString() }).expect(409);
      expect((await admin().patch(`/api/assets/${body.data.id}`, { mainTrackerId: free._id.toHexString() }).expect(200)).body.data.mainTrackerId).toBe(
        free._id.toHexString(),
      );
      expect((await admin().patch(`/api/assets/${body.data.id}`, { mainTrackerId: null }).expect(200)).body.data.mainTrackerId).toBeNull();
    });

    it('archives with DELETE: 200 {id}, out of the default list, plate free again, no more changes (409)', async () => {
      const { body } = await admin().post('/api/assets', { name: 'Viejo', plate: 'OLD-1', kind: 'car' }).expect(201);
      const id = body.data.id;
      expect((await admin().delete(`/api/assets/${id}`).expect(200)).body.data).toEqual({ id });
      expect((await admin().get(`/api/assets/${id}`).expect(200)).body.data.archivedAt).toEqual(expect.any(String));
      expect((await admin().get('/api/assets?q=Viejo')).body.data).toEqual([]);
      expect((await admin().get('/api/assets?q=Viejo&archived=true')).body.data.map((a: { id: string }) => a.id)).toEqual([id]);
      await admin().patch(`/api/assets/${id}`, { name: 'Nuevo' }).expect(409);
      await admin().post('/api/assets', { name: 'Nuevo', plate: 'OLD-1', kind: 'car' }).expect(201);
      await admin().delete(`/api/assets/${id}`).expect(200);
      expect(await events.countDocuments({ action: 'asset.archive', resourceId: id })).toBe(1);
    });

    it('applies tracker scope: out-of-scope assets are 404, lists skip them, creation needs a tracker of the user', async () => {
      const { body } = await admin().post('/api/assets', { name: 'Fuera', kind: 'van', mainTrackerId: outOfScope._id.toHexString() }).expect(201);
      const user = call(limited.token);
      await user.get(`/api/assets/${body.data.id}`).expect(404);
      await user.patch(`/api/assets/${body.data.id}`, { name: 'x' }).expect(404);
      await user.delete(`/api/assets/${body.data.id}`).expect(404);
      expect((await user.get('/api/assets?limit=200')).body.data.map((a: { id: string }) => a.id)).toEqual([assetId]);
      await user.post('/api/assets', { name: 'Sin tracker', kind: 'van' }).expect(403);
      await user.patch(`/api/assets/${assetId}`, { mainTrackerId: null }).expect(403);
      await user.patch(`/api/assets/${assetId}`, { mainTrackerId: outOfScope._id.toHexString() }).expect(400);
      await user.get(`/api/assets/${assetId}`).expect(200);
    });

    it("answers another client's asset exactly like an unknown one (404)", async () => {
      const intruder = call(other.admin.token);
      const foreign = await intruder.get(`/api/assets/${assetId}`).expect(404);
      expect((await intruder.get('/api/assets/0123456789abcdef01234567').expect(404)).body).toEqual(foreign.body);
      await intruder.patch(`/api/assets/${assetId}`, { name: 'x' }).expect(404);
      await intruder.delete(`/api/assets/${assetId}`).expect(404);
      expect((await intruder.get('/api/assets')).body.data).toEqual([]);
    });
  });

  describe('asset groups', () => {
    it('creates (201), lists, renames and refuses duplicate names in any case (409)', async () => {
      const created = await admin().post('/api/asset-groups', { name: 'Camionetas' }).expect(201);
      expect(created.body.data).toMatchObject({ name: 'Camionetas' });
      await admin().post('/api/asset-groups', { name: 'camionetas ' }).expect(409);
      await admin().patch(`/api/asset-groups/${created.body.data.id}`, { name: 'REFRIGERADOS' }).expect(409);
      expect((await admin().patch(`/api/asset-groups/${created.body.data.id}`, { name: 'Pickups' }).expect(200)).body.data.name).toBe('Pickups');
      expect((await admin().get('/api/asset-groups').expect(200)).body.data.map((g: { name: string }) => g.name)).toEqual(['Pickups', 'Refrigerados']);
      for (const body of [{}, { name: '' }, { name: 3 }, { name: 'x', extra: true }]) await admin().post('/api/asset-groups', body).expect(400);
      expect(await events.countDocuments({ action: { $in: ['asset_group.create', 'asset_group.update'] }, resourceId: created.body.data.id })).toBe(2);
    });

    it('refuses to delete a group in use by an asset or a form, naming them (409); deletes it once free', async () => {
      const used = (await admin().post('/api/asset-groups', { name: 'En uso' }).expect(201)).body.data.id;
      const asset = (
        await admin()
          .post('/api/assets', { name: 'Grupo 1', kind: 'van', groupIds: [used] })
          .expect(201)
      ).body.data.id;
      const form = await fleetFixtures(t.app, tenant.clientId).form({ name: 'Checklist grupo', assetGroupIds: [group._id] });
      expect((await admin().delete(`/api/asset-groups/${used}`).expect(409)).body.error).toContain('"Grupo 1"');
      expect((await admin().delete(`/api/asset-groups/${group._id.toHexString()}`).expect(409)).body.error).toContain('"Checklist grupo"');
      await admin().patch(`/api/assets/${asset}`, { groupIds: [] }).expect(200);
      expect((await admin().delete(`/api/asset-groups/${used}`).expect(200)).body.data).toEqual({ id: used });
      await admin().get(`/api/asset-groups/${used}`).expect(404);
      expect(form).toBeTruthy();
    });

    it("answers another client's group as unknown (404)", async () => {
      const intruder = call(other.admin.token);
      await intruder.get(`/api/asset-groups/${group._id.toHexString()}`).expect(404);
      await intruder.patch(`/api/asset-groups/${group._id.toHexString()}`, { name: 'x' }).expect(404);
      await intruder.delete(`/api/asset-groups/${group._id.toHexString()}`).expect(404);
    });
  });

  describe('trackers', () => {
    it('registers (201) with model, phone and imei; a vendorId registered anywhere is 409', async () => {
      const res = await admin()
        .post('/api/trackers', { vendorId: 123_456_789, model: 'FMC130', phone: '+56 9 8765 4321', imei: '356307042441013' })
        .expect(201);
      expect(res.body.data).toMatchObject({
        vendorId: 123_456_789,
        model: 'FMC130',
        name: 'FMC130 #123456789',
        phone: '+56 9 8765 4321',
        imei: '356307042441013',
      });
      await call(other.admin.token).post('/api/trackers', { vendorId: 123_456_789, model: 'X' }).expect(409);
      for (const body of [
        { model: 'X' },
        { vendorId: '5', model: 'X' },
        { vendorId: 1.5, model: 'X' },
        { vendorId: 5, model: 'X', imei: '12' },
        { vendorId: 5, model: 'X', clientId: 'x' },
      ]) {
        await admin().post('/api/trackers', body).expect(400);
      }
      expect(await events.findOne({ action: 'tracker.create', resourceId: res.body.data.id })).toBeTruthy();
    });

    it('updates model, phone, imei (null clears) and refuses vendorId changes (400)', async () => {
      const id = free._id.toHexString();
      expect((await admin().patch(`/api/trackers/${id}`, { model: 'FMB125', phone: '+56 2 2345 6789' }).expect(200)).body.data).toMatchObject({
        model: 'FMB125',
        phone: '+56 2 2345 6789',
      });
      expect((await admin().patch(`/api/trackers/${id}`, { phone: null }).expect(200)).body.data.phone).toBeNull();
      await admin().patch(`/api/trackers/${id}`, { vendorId: 77 }).expect(400);
      await admin().patch(`/api/trackers/${id}`, {}).expect(400);
    });

    it('applies tracker scope (404 outside it, 403 to register) and client scope (404)', async () => {
      const user = call(limited.token);
      await user.get(`/api/trackers/${outOfScope._id.toHexString()}`).expect(404);
      await user.patch(`/api/trackers/${outOfScope._id.toHexString()}`, { model: 'x' }).expect(404);
      await user.delete(`/api/trackers/${outOfScope._id.toHexString()}`).expect(404);
      expect((await user.get('/api/trackers?limit=200')).body.data.map((tr: { id: string }) => tr.id).sort()).toEqual(
        [inScope._id.toHexString(), free._id.toHexString()].sort(),
      );
      await user.post('/api/trackers', { vendorId: 555_555, model: 'X' }).expect(403);
      await call(other.admin.token).get(`/api/trackers/${inScope._id.toHexString()}`).expect(404);
    });

    it('refuses to delete the main tracker of an asset in service (409); deletes a free one', async () => {
      expect((await admin().delete(`/api/trackers/${inScope._id.toHexString()}`).expect(409)).body.error).toContain('Camión 10 bis');
      const spare = (await admin().post('/api/trackers', { vendorId: 987_654_321, model: 'FMB920' }).expect(201)).body.data.id;
      expect((await admin().delete(`/api/trackers/${spare}`).expect(200)).body.data).toEqual({ id: spare });
      await admin().get(`/api/trackers/${spare}`).expect(404);
    });
  });

  it('needs authentication (401) and access_assets (403) on every route', async () => {
    const routes = [
      ['get', '/api/assets'],
      ['post', '/api/assets'],
      ['get', `/api/assets/${inScope._id}`],
      ['patch', `/api/assets/${inScope._id}`],
      ['delete', `/api/assets/${inScope._id}`],
      ['get', '/api/asset-groups'],
      ['post', '/api/asset-groups'],
      ['get', `/api/asset-groups/${group._id}`],
      ['patch', `/api/asset-groups/${group._id}`],
      ['delete', `/api/asset-groups/${group._id}`],
      ['get', '/api/trackers'],
      ['post', '/api/trackers'],
      ['get', `/api/trackers/${inScope._id}`],
      ['patch', `/api/trackers/${inScope._id}`],
      ['delete', `/api/trackers/${inScope._id}`],
    ] as const;
    const revoked = await tenant.addUser();
    await request(t.server).post('/api/auth/logout').set('Authorization', `Bearer ${revoked.token}`).expect(200);
    for (const [method, path] of routes) {
      await request(t.server)[method](path).expect(401);
      await request(t.server)[method](path).set('Authorization', 'Bearer atk_not_a_token').expect(401);
      await request(t.server)[method](path).set('Authorization', `Bearer ${revoked.token}`).expect(401);
      await call(noPermission.token)[method](path).expect(403);
    }
    expect(Permission.Assets).toBe('access_assets');
  });
});
