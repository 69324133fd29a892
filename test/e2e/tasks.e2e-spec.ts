import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, EVERY_PERMISSION, TestTenant } from '../factories/tenant.factory';
import { fleetFixtures } from '../factories/inspections.factory';
import { addAsset } from './positions-fixtures';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

const WINDOW = { from: '2026-11-20T09:00:00-03:00', to: '2026-11-20T11:00:00-03:00' };

/** Tasks through HTTP: CRUD, the list's filters, scope by client and trackers, and refusals. */
describe('tasks', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let placeId: string;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const post = (body: object, token?: string) => request(t.server).post('/api/tasks').set(auth(token)).send(body);
  const create = async (body: object, token?: string) => (await post({ title: 'Entrega', placeId, window: WINDOW, ...body }, token).expect(201)).body.data;
  const list = async (query: string, token?: string) => (await request(t.server).get(`/api/tasks?limit=200${query}`).set(auth(token)).expect(200)).body.data;
  const addPlace = async (token: string, name: string): Promise<string> =>
    (
      await request(t.server)
        .post('/api/places')
        .set(auth(token))
        .send({ name, location: { type: 'Point', coordinates: [-70.7, -33.5] }, radiusM: 100 })
        .expect(201)
    ).body.data.id;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    placeId = await addPlace(tenant.admin.token, 'Cliente Lo Valledor');
  });
  afterAll(() => t.close());

  it('creates a task at a place, unassigned without an asset and assigned with one, and records the activity', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const free = await create({ externalId: 'PED-1', serviceMinutes: 15 });
    expect(free).toMatchObject({
      title: 'Entrega',
      placeId,
      location: null,
      window: { from: '2026-11-20T12:00:00.000Z', to: '2026-11-20T14:00:00.000Z' },
      serviceMinutes: 15,
      assetId: null,
      state: 'unassigned',
      priority: 'normal',
      late: false,
      arrivedAt: null,
      proof: null,
      externalId: 'PED-1',
    });
    const assigned = await create({ assetId: asset.assetId, priority: 'high' });
    expect(assigned).toMatchObject({ assetId: asset.assetId, state: 'assigned', priority: 'high' });
    const atPoint = await create({ placeId: undefined, location: { lat: -33.45, lng: -70.66 } });
    expect(atPoint).toMatchObject({ placeId: null, location: { lat: -33.45, lng: -70.66 }, radiusM: 100 });
    expect((await request(t.server).get(`/api/tasks/${free.id}`).set(auth()).expect(200)).body.data).toEqual(free);
    const activity = (await request(t.server).get('/api/activity-log?action=task.create').set(auth()).expect(200)).body.data;
    expect(activity.length).toBeGreaterThanOrEqual(3);
  });

  it('sets and clears the asset with PATCH, moving the state, and names the driver', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const driver = await t.connection
      .collection('drivers')
      .insertOne({ clientId: tenant.clientId, rut: '11111111-1', firstName: 'Juan', lastName: 'Pérez', createdAt: new Date(), updatedAt: new Date() });
    const task = await create({});
    const patch = (body: object) => request(t.server).patch(`/api/tasks/${task.id}`).set(auth()).send(body);
    expect((await patch({ assetId: asset.assetId }).expect(200)).body.data).toMatchObject({ state: 'assigned', assetId: asset.assetId });
    expect((await patch({ driverId: driver.insertedId.toHexString() }).expect(200)).body.data).toMatchObject({
      driverId: driver.insertedId.toHexString(),
      driverName: 'Juan Pérez',
    });
    expect((await patch({ assetId: null, title: 'Retiro' }).expect(200)).body.data).toMatchObject({ state: 'unassigned', assetId: null, title: 'Retiro' });
    expect((await patch({ location: { lat: -33.4, lng: -70.6 }, radiusM: 250 }).expect(200)).body.data).toMatchObject({
      placeId: null,
      location: { lat: -33.4, lng: -70.6 },
      radiusM: 250,
    });
    await patch({}).expect(400);
    await patch({ state: 'done' }).expect(400);
    await patch({ window: { from: WINDOW.to, to: WINDOW.from } }).expect(400);
    expect((await request(t.server).delete(`/api/tasks/${task.id}`).set(auth()).expect(200)).body.data).toEqual({ id: task.id });
    await request(t.server).get(`/api/tasks/${task.id}`).set(auth()).expect(404);
  });

  it('keeps externalId unique per client (409), free for another client', async () => {
    await create({ externalId: 'UNICO-1' });
    expect((await post({ title: 'Otra', placeId, window: WINDOW, externalId: 'UNICO-1' }).expect(409)).body.error).toContain('UNICO-1');
    const other = await createTenant(t.app);
    const theirPlace = await addPlace(other.admin.token, 'Otro');
    await create({ externalId: 'UNICO-1', placeId: theirPlace }, other.admin.token);
  });

  it('lists by window start with filters: the day, state, asset, place, driver and late', async () => {
    const own = await createTenant(t.app);
    const place = await addPlace(own.admin.token, 'Bodega');
    const asset = await addAsset(t, own.clientId);
    const at = (hour: number) => ({ from: `2026-11-21T${String(hour).padStart(2, '0')}:00:00Z`, to: `2026-11-21T${String(hour + 1).padStart(2, '0')}:00:00Z` });
    const late = await create({ placeId: place, window: at(15), title: 'C' }, own.admin.token);
    const early = await create({ placeId: place, window: at(9), title: 'A', assetId: asset.assetId }, own.admin.token);
    const middle = await create({ placeId: place, window: at(12), title: 'B' }, own.admin.token);
    await create({ placeId: place, window: { from: '2026-11-22T09:00:00Z', to: '2026-11-22T10:00:00Z' }, title: 'D' }, own.admin.token);
    const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
    const day = '&from=2026-11-21T00:00:00Z&to=2026-11-21T23:59:59Z';
    expect(ids(await list(day, own.admin.token))).toEqual([early.id, middle.id, late.id]);
    expect(ids(await list(`${day}&state=assigned`, own.admin.token))).toEqual([early.id]);
    expect(ids(await list(`&assetId=${asset.assetId}`, own.admin.token))).toEqual([early.id]);
    expect((await list(`&placeId=${place}`, own.admin.token)).length).toBe(4);
    expect(await list(`&late=true`, own.admin.token)).toEqual([]);
    const first = (await request(t.server).get(`/api/tasks?limit=2${day}`).set(auth(own.admin.token)).expect(200)).body;
    expect(ids(first.data)).toEqual([early.id, middle.id]);
    const second = (await request(t.server).get(`/api/tasks?limit=2${day}&cursor=${first.page.nextCursor}`).set(auth(own.admin.token)).expect(200)).body;
    expect(ids(second.data)).toEqual([late.id]);
  });

  it("keeps the day's list to the windows as they are: a moved window, a deleted task, pages past tasks the caller may not see", async () => {
    const own = await createTenant(t.app);
    const place = await addPlace(own.admin.token, 'Bodega');
    const [seen, unseen] = [await addAsset(t, own.clientId), await addAsset(t, own.clientId)];
    const limited = await own.addUser({ trackerIds: [seen.trackerId] });
    const at = (hour: number) => ({ from: `2026-11-23T${String(hour).padStart(2, '0')}:00:00Z`, to: `2026-11-23T${String(hour + 1).padStart(2, '0')}:00:00Z` });
    const day = '&from=2026-11-23T00:00:00Z&to=2026-11-23T23:59:59Z';
    const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
    const made: Array<{ id: string }> = [];
    for (const hour of [8, 9, 10, 11, 12, 13])
      made.push(await create({ placeId: place, window: at(hour), assetId: (hour % 2 ? unseen : seen).assetId }, own.admin.token));
    expect(ids(await list(day, own.admin.token))).toEqual(ids(made));
    await request(t.server)
      .patch(`/api/tasks/${made[0].id}`)
      .set(auth(own.admin.token))
      .send({ window: at(20) })
      .expect(200);
    await request(t.server).delete(`/api/tasks/${made[1].id}`).set(auth(own.admin.token)).expect(200);
    await request(t.server)
      .patch(`/api/tasks/${made[2].id}`)
      .set(auth(own.admin.token))
      .send({ window: { from: '2026-11-24T08:00:00Z', to: '2026-11-24T09:00:00Z' } })
      .expect(200);
    expect(ids(await list(day, own.admin.token))).toEqual(ids([made[3], made[4], made[5], made[0]]));
    // The limited user sees the tasks of one asset of two: each page of one still holds one of them.
    const page = async (cursor?: string) =>
      (
        await request(t.server)
          .get(`/api/tasks?limit=1${day}${cursor ? `&cursor=${cursor}` : ''}`)
          .set(auth(limited.token))
          .expect(200)
      ).body;
    const first = await page();
    expect(ids(first.data)).toEqual([made[4].id]);
    const second = await page(first.page.nextCursor);
    expect([ids(second.data), second.page.nextCursor]).toEqual([[made[0].id], null]);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const before = (await list('')).length;
    const bad: object[] = [
      {},
      { title: 'x', window: WINDOW },
      { title: 'x', placeId, location: { lat: 1, lng: 1 }, window: WINDOW },
      { title: 'x', placeId, window: { from: WINDOW.to, to: WINDOW.from } },
      { title: 'x', placeId, window: { from: '2026-11-20T09:00:00', to: '2026-11-20T10:00:00' } },
      { title: 'x', placeId, window: WINDOW, priority: 'urgent' },
      { title: 'x', placeId, window: WINDOW, color: 'red' },
      { title: 'x', placeId, window: WINDOW, serviceMinutes: '10' },
      { title: 'x', placeId, window: WINDOW, radiusM: 50 },
      { title: 'x', location: { lat: 91, lng: 0 }, window: WINDOW },
      { title: 'x', placeId, window: WINDOW, assetId: 'nope' },
    ];
    for (const body of bad) expect((await post(body).expect(400)).body).toMatchObject({ error: expect.any(String) });
    expect((await list('')).length).toBe(before);
  });

  it("answers 404 for another client's records and assets outside the user's trackers; unassigned tasks only for who sees every tracker", async () => {
    const other = await createTenant(t.app);
    const theirPlace = await addPlace(other.admin.token, 'Ajeno');
    const theirAsset = await addAsset(t, other.clientId);
    const theirs = await create({ placeId: theirPlace }, other.admin.token);
    await request(t.server).get(`/api/tasks/${theirs.id}`).set(auth()).expect(404);
    await request(t.server).patch(`/api/tasks/${theirs.id}`).set(auth()).send({ title: 'x' }).expect(404);
    await request(t.server).delete(`/api/tasks/${theirs.id}`).set(auth()).expect(404);
    await post({ title: 'x', placeId: theirPlace, window: WINDOW }).expect(404);
    await post({ title: 'x', placeId, window: WINDOW, assetId: theirAsset.assetId }).expect(404);
    await post({ title: 'x', placeId, window: WINDOW, driverId: new Types.ObjectId().toHexString() }).expect(404);
    await post({ title: 'x', placeId, window: WINDOW, formId: new Types.ObjectId().toHexString() }).expect(404);
    await request(t.server).get(`/api/tasks?placeId=${theirPlace}`).set(auth()).expect(404);

    const seen = await addAsset(t, tenant.clientId);
    const unseen = await addAsset(t, tenant.clientId);
    const limited = await tenant.addUser({ trackerIds: [seen.trackerId] });
    const visible = await create({ assetId: seen.assetId });
    const hidden = await create({ assetId: unseen.assetId });
    const unassigned = await create({});
    await request(t.server).get(`/api/tasks/${visible.id}`).set(auth(limited.token)).expect(200);
    await request(t.server).get(`/api/tasks/${hidden.id}`).set(auth(limited.token)).expect(404);
    await request(t.server).get(`/api/tasks/${unassigned.id}`).set(auth(limited.token)).expect(404);
    await request(t.server).patch(`/api/tasks/${hidden.id}`).set(auth(limited.token)).send({ title: 'x' }).expect(404);
    await request(t.server).get(`/api/tasks?assetId=${unseen.assetId}`).set(auth(limited.token)).expect(404);
    await post({ title: 'x', placeId, window: WINDOW, assetId: unseen.assetId }, limited.token).expect(404);
    expect((await list('', limited.token)).map((task: { id: string }) => task.id)).toEqual([visible.id]);
  });

  it('answers 401 without a valid credential and 403 without access_tasks; 400 for bad filters', async () => {
    const gone = await tenant.addUser();
    await request(t.server).post('/api/auth/logout').set(auth(gone.token)).expect(200);
    const refused: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer atk_bogus' },
      { Authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
      auth(gone.token),
    ];
    for (const headers of refused) {
      await request(t.server).get('/api/tasks').set(headers).expect(401);
      await request(t.server).post('/api/tasks').set(headers).send({ title: 'x', placeId, window: WINDOW }).expect(401);
    }
    const without = await tenant.addUser({ permissions: EVERY_PERMISSION.filter((permission) => permission !== Permission.Tasks) });
    await request(t.server).get('/api/tasks').set(auth(without.token)).expect(403);
    await post({ title: 'x', placeId, window: WINDOW }, without.token).expect(403);
    for (const query of [
      '?color=red',
      '?from=yesterday',
      '?state=lost',
      '?late=yes',
      '?assetId=12',
      '?limit=500',
      '?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
    ]) {
      expect((await request(t.server).get(`/api/tasks${query}`).set(auth()).expect(400)).body).toMatchObject({ error: expect.any(String) });
    }
  });
  describe('transitions', () => {
    const act = (id: string, action: string, body: object = {}, token?: string) =>
      request(t.server).post(`/api/tasks/${id}/${action}`).set(auth(token)).send(body);
    const events = async (assetId: string, type: string) =>
      (
        await request(t.server)
          .get(
            `/api/events?assetId=${assetId}&type=${type}&from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`,
          )
          .set(auth())
          .expect(200)
      ).body.data;

    it('completes an assigned task with uploads and a note, recording task.done with taskId; a final state refuses every move (409)', async () => {
      const asset = await addAsset(t, tenant.clientId);
      const task = await create({ assetId: asset.assetId });
      const photo = (await request(t.server).post('/api/uploads').set(auth()).attach('file', JPEG, 'firma.jpg').expect(201)).body.data.id;
      const done = (await act(task.id, 'complete', { uploadIds: [photo], note: 'Recibió Juan' }).expect(200)).body.data;
      expect(done).toMatchObject({ state: 'done', completedAt: expect.any(String), proof: { submissionId: null, uploadIds: [photo], note: 'Recibió Juan' } });
      const [event] = await events(asset.assetId, 'task.done');
      expect(event).toMatchObject({ type: 'task.done', taskId: task.id, placeId, details: { taskId: task.id, title: 'Entrega' } });
      for (const action of ['complete', 'fail', 'cancel']) {
        const refused = await act(task.id, action, action === 'fail' ? { reason: 'x' } : {}).expect(409);
        expect(refused.body.error).toContain('is done');
      }
      expect((await request(t.server).patch(`/api/tasks/${task.id}`).set(auth()).send({ title: 'x' }).expect(409)).body.error).toContain('is done');
    });

    it('fails an assigned task with its reason (task.failed) and cancels from unassigned; unassigned cannot be completed or failed', async () => {
      const asset = await addAsset(t, tenant.clientId);
      const task = await create({ assetId: asset.assetId });
      expect((await act(task.id, 'fail', { reason: 'Cliente cerrado' }).expect(200)).body.data).toMatchObject({
        state: 'failed',
        failureReason: 'Cliente cerrado',
      });
      expect((await events(asset.assetId, 'task.failed'))[0]).toMatchObject({ taskId: task.id, details: { reason: 'Cliente cerrado' } });
      await act(task.id, 'cancel').expect(409);
      const free = await create({});
      expect((await act(free.id, 'complete').expect(409)).body.error).toContain('is unassigned');
      await act(free.id, 'fail', { reason: 'x' }).expect(409);
      expect((await act(free.id, 'cancel').expect(200)).body.data).toMatchObject({ state: 'cancelled', completedAt: expect.any(String) });
      await act(free.id, 'cancel').expect(409);
      await request(t.server).patch(`/api/tasks/${free.id}`).set(auth()).send({ assetId: asset.assetId }).expect(409);
    });

    it('needs the form’s submission to complete a task with a formId: 400 without, of another form or unknown; done with it', async () => {
      const fixtures = fleetFixtures(t.app, tenant.clientId);
      const asset = await addAsset(t, tenant.clientId);
      const [form, otherForm] = [await fixtures.form({ allAssets: true }), await fixtures.form({ allAssets: true, name: 'Otro' })];
      const task = await create({ assetId: asset.assetId, formId: form._id.toHexString() });
      const submit = async (formId: string) =>
        (await request(t.server).post('/api/inspections').set(auth()).send({ assetId: asset.assetId, formId, answers: [] }).expect(201)).body.data.id;
      const [ofForm, ofOther] = [await submit(form._id.toHexString()), await submit(otherForm._id.toHexString())];
      const missing = await act(task.id, 'complete', {}).expect(400);
      expect(missing.body).toMatchObject({ error: expect.stringContaining('submissionId') });
      await act(task.id, 'complete', { submissionId: ofOther }).expect(400);
      await act(task.id, 'complete', { submissionId: new Types.ObjectId().toHexString() }).expect(400);
      await act(task.id, 'complete', { submissionId: ofForm, uploadIds: [new Types.ObjectId().toHexString()] }).expect(400);
      await act(task.id, 'complete', { submissionId: ofForm, extra: 1 }).expect(400);
      expect((await request(t.server).get(`/api/tasks/${task.id}`).set(auth()).expect(200)).body.data.state).toBe('assigned');
      expect((await act(task.id, 'complete', { submissionId: ofForm }).expect(200)).body.data).toMatchObject({
        state: 'done',
        proof: { submissionId: ofForm },
      });
    });

    it("refuses bad bodies (400), another client's task and one outside the user's trackers (404), no permission (403), no credential (401)", async () => {
      const asset = await addAsset(t, tenant.clientId);
      const task = await create({ assetId: asset.assetId });
      await act(task.id, 'fail', {}).expect(400);
      await act(task.id, 'fail', { reason: 5 }).expect(400);
      await act(task.id, 'complete', { uploadIds: 'x' }).expect(400);
      await act(task.id, 'complete', { note: 7 }).expect(400);
      const other = await createTenant(t.app);
      const limited = await tenant.addUser({ trackerIds: [new Types.ObjectId()] });
      const without = await tenant.addUser({ permissions: EVERY_PERMISSION.filter((permission) => permission !== Permission.Tasks) });
      for (const action of ['complete', 'fail', 'cancel']) {
        const body = action === 'fail' ? { reason: 'x' } : {};
        await act(task.id, action, body, other.admin.token).expect(404);
        await act(task.id, action, body, limited.token).expect(404);
        await act(task.id, action, body, without.token).expect(403);
        await request(t.server).post(`/api/tasks/${task.id}/${action}`).send(body).expect(401);
      }
      expect((await request(t.server).get(`/api/tasks/${task.id}`).set(auth()).expect(200)).body.data.state).toBe('assigned');
    });
  });
});
