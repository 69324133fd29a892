import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, EVERY_PERMISSION, refusedCredentials, revokeCredentials, TestTenant } from '../factories/tenant.factory';
import { addAsset } from './positions-fixtures';

const WINDOW = { from: '2026-11-20T09:00:00-03:00', to: '2026-11-20T11:00:00-03:00' };
const DATE = '2026-11-20';

interface RouteView {
  id: string;
  name: string;
  assetId: string;
  driverId: string | null;
  date: string;
  stopTaskIds: string[];
}

/** Routes through HTTP: CRUD, the list's filters, the stops' rules (409), scope by client and trackers, and refusals. */
describe('routes', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const task = async (body: object = {}, token?: string): Promise<{ id: string; state: string; assetId: string | null }> =>
    (
      await api()
        .post('/api/tasks')
        .set(auth(token))
        .send({ title: 'Entrega', location: { lat: -33.45, lng: -70.66 }, window: WINDOW, ...body })
        .expect(201)
    ).body.data;
  const post = (body: object, token?: string) => api().post('/api/routes').set(auth(token)).send(body);
  const create = async (body: object, token?: string): Promise<RouteView> =>
    (await post({ name: 'Reparto', date: DATE, ...body }, token).expect(201)).body.data;
  const getTask = async (id: string) => (await api().get(`/api/tasks/${id}`).set(auth()).expect(200)).body.data;
  const count = () => t.connection.collection('routes').countDocuments({ clientId: tenant.clientId });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates a route of ordered stops, assigning its unassigned tasks to the vehicle, reads, lists, renames, reorders and deletes it (tasks stay)', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const [free, own, third] = [await task(), await task({ assetId: asset.assetId }), await task()];
    const route = await create({ assetId: asset.assetId, stopTaskIds: [free.id, own.id] });
    expect(route).toMatchObject({ name: 'Reparto', assetId: asset.assetId, driverId: null, date: DATE, stopTaskIds: [free.id, own.id] });
    expect(await getTask(free.id)).toMatchObject({ state: 'assigned', assetId: asset.assetId });
    const detail = (await api().get(`/api/routes/${route.id}`).set(auth()).expect(200)).body.data;
    expect(detail).toMatchObject({ ...route, updatedAt: expect.any(String) });
    expect(detail.stops).toEqual([
      { taskId: free.id, sequence: 1, state: 'assigned', eta: null, arrivedAt: null, departedAt: null },
      { taskId: own.id, sequence: 2, state: 'assigned', eta: null, arrivedAt: null, departedAt: null },
    ]);
    const patched = (
      await api()
        .patch(`/api/routes/${route.id}`)
        .set(auth())
        .send({ name: 'Reparto norte', stopTaskIds: [third.id, own.id] })
        .expect(200)
    ).body.data;
    expect(patched).toMatchObject({ name: 'Reparto norte', stopTaskIds: [third.id, own.id] });
    expect(await getTask(third.id)).toMatchObject({ state: 'assigned', assetId: asset.assetId });
    // The task taken off the route keeps its vehicle and may join another route.
    expect(await getTask(free.id)).toMatchObject({ state: 'assigned', assetId: asset.assetId });
    const other = await create({ assetId: asset.assetId, stopTaskIds: [free.id] });
    const activity = (await api().get('/api/activity-log?action=route.update').set(auth()).expect(200)).body.data;
    expect(activity[0]).toMatchObject({
      resourceId: route.id,
      before: expect.objectContaining({ name: 'Reparto' }),
      after: expect.objectContaining({ name: 'Reparto norte' }),
    });
    expect((await api().delete(`/api/routes/${other.id}`).set(auth()).expect(200)).body.data).toEqual({ id: other.id });
    await api().get(`/api/routes/${other.id}`).set(auth()).expect(404);
    expect(await getTask(free.id)).toMatchObject({ state: 'assigned' });
    // Deleted, its task is free for another route again.
    await create({ assetId: asset.assetId, stopTaskIds: [free.id] });
  });

  it('lists by date, newest first, in cursor pages, with date, asset and driver filters', async () => {
    const own = await createTenant(t.app);
    const [a, b] = [await addAsset(t, own.clientId), await addAsset(t, own.clientId)];
    const driver = await t.connection
      .collection('drivers')
      .insertOne({ clientId: own.clientId, rut: '11111111-1', firstName: 'Juan', lastName: 'Pérez', createdAt: new Date(), updatedAt: new Date() });
    const driverId = driver.insertedId.toHexString();
    const stop = async () => (await task({}, own.admin.token)).id;
    const r1 = await create({ assetId: a.assetId, date: '2026-11-19', stopTaskIds: [await stop()] }, own.admin.token);
    const r2 = await create({ assetId: a.assetId, date: '2026-11-21', stopTaskIds: [await stop()], driverId }, own.admin.token);
    const r3 = await create({ assetId: b.assetId, date: '2026-11-20', stopTaskIds: [await stop()] }, own.admin.token);
    const list = async (query: string) =>
      (await api().get(`/api/routes?limit=200${query}`).set(auth(own.admin.token)).expect(200)).body.data.map((r: RouteView) => r.id);
    expect(await list('')).toEqual([r2.id, r3.id, r1.id]);
    expect(await list('&date=2026-11-20')).toEqual([r3.id]);
    expect(await list(`&assetId=${a.assetId}`)).toEqual([r2.id, r1.id]);
    expect(await list(`&driverId=${driverId}`)).toEqual([r2.id]);
    const first = (await api().get('/api/routes?limit=2').set(auth(own.admin.token)).expect(200)).body;
    expect(first.data.map((r: RouteView) => r.id)).toEqual([r2.id, r3.id]);
    const second = (await api().get(`/api/routes?limit=2&cursor=${first.page.nextCursor}`).set(auth(own.admin.token)).expect(200)).body;
    expect(second).toMatchObject({ data: [expect.objectContaining({ id: r1.id })], page: { nextCursor: null } });
    for (const query of ['?color=red', '?date=20-11-2026', '?date=2026-02-30', '?assetId=12', '?limit=500', '?cursor=nope']) {
      expect((await api().get(`/api/routes${query}`).set(auth(own.admin.token)).expect(400)).body).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses a finished task, another vehicle’s task and a task on another route (409 naming it), writing nothing', async () => {
    const [asset, otherAsset] = [await addAsset(t, tenant.clientId), await addAsset(t, tenant.clientId)];
    const [free, done, theirs] = [await task(), await task({ assetId: asset.assetId }), await task({ assetId: otherAsset.assetId })];
    await api().post(`/api/tasks/${done.id}/complete`).set(auth()).send({}).expect(200);
    const before = await count();
    const refusals: Array<[string[], string]> = [
      [[free.id, done.id], `(${done.id}) is done`],
      [[free.id, theirs.id], `(${theirs.id}) is assigned to another vehicle`],
    ];
    for (const [stopTaskIds, message] of refusals) {
      expect((await post({ name: 'x', date: DATE, assetId: asset.assetId, stopTaskIds }).expect(409)).body.error).toContain(message);
    }
    expect(await count()).toBe(before);
    expect(await getTask(free.id)).toMatchObject({ state: 'unassigned', assetId: null });
    const route = await create({ assetId: asset.assetId, stopTaskIds: [free.id] });
    const second = await task();
    const taken = await post({ name: 'x', date: DATE, assetId: asset.assetId, stopTaskIds: [second.id, free.id] }).expect(409);
    expect(taken.body.error).toContain(`Task ${free.id} is a stop of another route (${route.id})`);
    expect(await count()).toBe(before + 1);
    // The refused route held nothing: its other task is free for a route.
    const other = await create({ assetId: asset.assetId, stopTaskIds: [second.id] });
    expect(
      (
        await api()
          .patch(`/api/routes/${other.id}`)
          .set(auth())
          .send({ stopTaskIds: [second.id, free.id] })
          .expect(409)
      ).body.error,
    ).toContain(free.id);
    expect((await api().get(`/api/routes/${other.id}`).set(auth()).expect(200)).body.data.stopTaskIds).toEqual([second.id]);
    // A finished stop already on the route stays when the stops are reordered.
    await api().post(`/api/tasks/${second.id}/complete`).set(auth()).send({}).expect(200);
    const third = await task();
    await api()
      .patch(`/api/routes/${other.id}`)
      .set(auth())
      .send({ stopTaskIds: [third.id, second.id] })
      .expect(200);
  });

  it('refuses bad bodies (400) and names what is not found (404): another client’s asset, task or driver, an archived asset', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const stop = await task();
    const valid = { name: 'Reparto', date: DATE, assetId: asset.assetId, stopTaskIds: [stop.id] };
    const before = await count();
    const many = Array.from({ length: 101 }, () => new Types.ObjectId().toHexString());
    for (const body of [
      {},
      { ...valid, name: undefined },
      { ...valid, date: '20/11/2026' },
      { ...valid, date: '2026-02-30' },
      { ...valid, stopTaskIds: [] },
      { ...valid, stopTaskIds: many },
      { ...valid, stopTaskIds: [stop.id, stop.id] },
      { ...valid, stopTaskIds: [stop.id, stop.id.toUpperCase()] },
      { ...valid, stopTaskIds: ['12'] },
      { ...valid, stopTaskIds: stop.id },
      { ...valid, assetId: 5 },
      { ...valid, color: 'red' },
    ]) {
      expect((await post(body).expect(400)).body).toMatchObject({ error: expect.any(String) });
    }
    const other = await createTenant(t.app);
    const [theirAsset, theirTask] = [await addAsset(t, other.clientId), await task({}, other.admin.token)];
    expect((await post({ ...valid, assetId: theirAsset.assetId }).expect(404)).body.error).toContain('Asset');
    expect((await post({ ...valid, stopTaskIds: [stop.id, theirTask.id] }).expect(404)).body.error).toContain(`Task ${theirTask.id}`);
    expect((await post({ ...valid, driverId: new Types.ObjectId().toHexString() }).expect(404)).body.error).toContain('Driver');
    const archived = await addAsset(t, tenant.clientId);
    await t.connection.collection('assets').updateOne({ _id: new Types.ObjectId(archived.assetId) }, { $set: { archivedAt: new Date() } });
    await post({ ...valid, assetId: archived.assetId }).expect(404);
    expect(await count()).toBe(before);
    expect(await getTask(stop.id)).toMatchObject({ state: 'unassigned' });
    const route = await create(valid);
    const patch = (body: object) => api().patch(`/api/routes/${route.id}`).set(auth()).send(body);
    for (const body of [{}, { assetId: asset.assetId }, { stopTaskIds: [] }, { name: 5 }, { date: 'tomorrow' }]) await patch(body).expect(400);
    await patch({ stopTaskIds: [theirTask.id] }).expect(404);
    expect((await api().get(`/api/routes/${route.id}`).set(auth()).expect(200)).body.data).toMatchObject({ name: 'Reparto', stopTaskIds: [stop.id] });
  });

  it('keeps to the caller: another client’s route and an asset outside the user’s trackers are 404, 403 without access_tasks, 401 without a valid credential', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const route = await create({ assetId: asset.assetId, stopTaskIds: [(await task()).id] });
    const other = await createTenant(t.app);
    const limited = await tenant.addUser({ trackerIds: [new Types.ObjectId()] });
    const without = await tenant.addUser({ permissions: EVERY_PERMISSION.filter((permission) => permission !== Permission.Tasks) });
    const gone = await tenant.addUser();
    await revokeCredentials(t.app, gone);
    const calls = (headers: Record<string, string>) => [
      api().get(`/api/routes/${route.id}`).set(headers),
      api().patch(`/api/routes/${route.id}`).set(headers).send({ name: 'Otro' }),
      api().delete(`/api/routes/${route.id}`).set(headers),
    ];
    for (const token of [other.admin.token, limited.token]) {
      for (const call of calls(auth(token))) expect((await call.expect(404)).body).toEqual({ error: 'Route not found' });
      await post({ name: 'x', date: DATE, assetId: asset.assetId, stopTaskIds: [(await task()).id] }, token).expect(404);
      await api().get(`/api/routes?assetId=${asset.assetId}`).set(auth(token)).expect(404);
      expect((await api().get('/api/routes').set(auth(token)).expect(200)).body.data).toEqual([]);
    }
    for (const call of calls(auth(without.token))) await call.expect(403);
    await api().get('/api/routes').set(auth(without.token)).expect(403);
    const refused = refusedCredentials(gone);
    for (const headers of refused) {
      for (const call of calls(headers)) expect((await call.expect(401)).body).toEqual({ error: expect.any(String) });
      await api().get('/api/routes').set(headers).expect(401);
      await api().post('/api/routes').set(headers).send({}).expect(401);
    }
    expect((await api().get(`/api/routes/${route.id}`).set(auth()).expect(200)).body.data.name).toBe('Reparto');
  });
});
