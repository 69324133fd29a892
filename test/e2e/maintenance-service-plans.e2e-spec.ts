import request from 'supertest';
import { TelemetryCompaction } from '../../src/positions/pipeline/telemetry-compaction.service';
import { DateTime } from 'luxon';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { normalizePlate } from '@app/fleet';
import { Permission } from '@app/auth';
import { ServiceStatusSweep } from '../../src/maintenance';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-plans-0123456789';
const KM_PER_DEG = (6371.0088 * Math.PI) / 180;

interface StatusView {
  assetId: string;
  planId: string;
  state: string;
  next: { odometerKm: number | null; engineHours: number | null; date: string | null };
  remaining: { km: number | null; engineHours: number | null; days: number | null };
  dueBy: string | null;
  lastService: { id: string; odometerKm: number } | null;
  workOrderId: string | null;
  cycle: number;
}

/** `count` more assets of the client without a tracker, stored in bulk as the app stores them, named `${name} i`. */
async function insertBulkAssets(t: TestApp, clientId: Types.ObjectId, count: number, name: string) {
  const now = new Date();
  await t.connection.collection('assets').insertMany(
    Array.from({ length: count }, (_, i) => {
      const plate = `${name.toUpperCase()}-${i}`;
      return {
        _id: new Types.ObjectId(),
        clientId,
        name: `${name} ${i}`,
        plate,
        plateKey: `${clientId.toHexString()}:${normalizePlate(plate)}`,
        kind: 'truck',
        icon: { id: 'truck', color: '#1e88e5' },
        mainTrackerId: null,
        groupIds: [],
        archivedAt: null,
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
}

/**
 * Service plans, their status and effects through HTTP on the real database: CRUD and bad input,
 * transitions from readings and from telemetry, due_soon/overdue events once per cycle, one work
 * order per cycle (a second app instance sweeping too), completion restarting the cycle, days in
 * the client's time zone, an edit while overdue, scope.
 */
describe('service plans', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = (token = tenant.admin.token) => ({
    get: (path: string) => request(t.server).get(path).set(auth(token)),
    post: (path: string, body: object) => request(t.server).post(path).set(auth(token)).send(body),
    patch: (path: string, body: object) => request(t.server).patch(path).set(auth(token)).send(body),
    delete: (path: string) => request(t.server).delete(path).set(auth(token)),
  });
  const read = (asset: TrackedFixture, odometerKm: number, extra: object = {}) =>
    api()
      .post(`/api/assets/${asset.assetId}/meter-readings`, { odometerKm, readAt: new Date().toISOString(), ...extra })
      .expect(201);
  const statusOf = async (asset: TrackedFixture, planId: string, token = tenant.admin.token): Promise<StatusView> => {
    const { body } = await api(token).get(`/api/maintenance/service-status?assetId=${asset.assetId}&planId=${planId}`).expect(200);
    expect(body.data).toHaveLength(1);
    return body.data[0];
  };
  const eventsOf = async (asset: TrackedFixture, type: string) => {
    const from = DateTime.now().minus({ days: 1 }).toISO();
    const to = DateTime.now().plus({ days: 20 }).toISO();
    return (
      await api()
        .get(`/api/events?assetId=${asset.assetId}&type=${type}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
        .expect(200)
    ).body.data as Array<{ details: Record<string, unknown> }>;
  };
  const ordersOf = async (asset: TrackedFixture) =>
    (await api().get(`/api/maintenance/work-orders?assetId=${asset.assetId}`).expect(200)).body.data as Array<{
      id: string;
      servicePlanId: string | null;
      status: string;
      category: string;
    }>;
  /** A plan named 'Plan' created by the holder of `token`: the answer. */
  const postPlan = (token: string, body: object) =>
    request(t.server)
      .post('/api/maintenance/service-plans')
      .set(auth(token))
      .send({ name: 'Plan', ...body })
      .expect(201);
  const plan = async (body: object) =>
    (
      await api()
        .post('/api/maintenance/service-plans', { name: 'Aceite', intervals: { km: 10_000 }, dueSoon: { km: 1_000 }, ...body })
        .expect(201)
    ).body.data;

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates, lists, reads, edits and deletes plans; bad input is 400', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const created = await plan({
      assetIds: [asset.assetId],
      intervals: { km: 10_000, engineHours: 250, days: 180 },
      dueSoon: { km: 500, days: 14 },
      workOrder: { category: 'Preventive', description: 'Cambio de aceite y filtros' },
    });
    expect(created).toMatchObject({
      name: 'Aceite',
      allAssets: false,
      assetIds: [asset.assetId],
      groupIds: [],
      intervals: { km: 10_000, engineHours: 250, days: 180 },
      dueSoon: { km: 500, engineHours: null, days: 14 },
      workOrder: { autoCreate: true, category: 'preventive', description: 'Cambio de aceite y filtros' },
    });
    expect((await api().get(`/api/maintenance/service-plans/${created.id}`).expect(200)).body.data).toEqual(created);
    const listed = (await api().get('/api/maintenance/service-plans?limit=200').expect(200)).body.data;
    expect(listed.map((p: { id: string }) => p.id)).toContain(created.id);
    const edited = (
      await api()
        .patch(`/api/maintenance/service-plans/${created.id}`, { name: 'Aceite 15W40', workOrder: { autoCreate: false } })
        .expect(200)
    ).body.data;
    expect(edited).toMatchObject({ name: 'Aceite 15W40', workOrder: { autoCreate: false, category: 'preventive' } });
    const post = (body: object) => api().post('/api/maintenance/service-plans', body);
    await post({ name: 'x', intervals: {} }).expect(400);
    await post({ name: 'x' }).expect(400);
    await post({ name: 'x', intervals: { km: 0 } }).expect(400);
    await post({ name: 'x', intervals: { km: 100 }, dueSoon: { km: 100 } }).expect(400);
    await post({ name: 'x', intervals: { km: 100 }, dueSoon: { days: 3 } }).expect(400);
    await post({ name: 'x', intervals: { km: 100, weeks: 2 } }).expect(400);
    await post({ name: 'x', intervals: { km: 100 }, assetIds: ['0123456789abcdef01234567'] }).expect(400);
    await post({ name: 'x', intervals: { km: 100 }, workOrder: { category: 'no-such-category' } }).expect(400);
    await post({ name: 'x', intervals: { km: 100 }, colour: 'red' }).expect(400);
    await api().patch(`/api/maintenance/service-plans/${created.id}`, {}).expect(400);
    await api().get('/api/maintenance/service-status?state=late').expect(400);
    await api().get('/api/maintenance/service-status?planId=nope').expect(400);
    expect((await api().delete(`/api/maintenance/service-plans/${created.id}`).expect(200)).body.data).toEqual({ id: created.id });
    await api().get(`/api/maintenance/service-plans/${created.id}`).expect(404);
    expect((await api().get(`/api/maintenance/service-status?planId=${created.id}`).expect(200)).body.data).toEqual([]);
  });

  it('goes ok → due_soon → overdue with the meters, records each event once and opens one work order per cycle', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await read(asset, 1_000);
    const p = await plan({ assetIds: [asset.assetId] });
    let status = await statusOf(asset, p.id);
    expect(status).toMatchObject({
      state: 'ok',
      next: { odometerKm: 11_000, engineHours: null, date: null },
      remaining: { km: 10_000, engineHours: null, days: null },
      dueBy: 'km',
      lastService: null,
      workOrderId: null,
      cycle: 0,
    });
    await read(asset, 10_100);
    status = await statusOf(asset, p.id);
    expect(status).toMatchObject({ state: 'due_soon', remaining: { km: 900 } });
    await read(asset, 10_200);
    expect(await eventsOf(asset, 'maintenance.due_soon')).toHaveLength(1);
    expect(await ordersOf(asset)).toEqual([]);
    await read(asset, 11_050);
    status = await statusOf(asset, p.id);
    expect(status).toMatchObject({ state: 'overdue', remaining: { km: -50 } });
    expect(status.workOrderId).not.toBeNull();
    await read(asset, 11_500);
    // A second instance on the same database sweeping too: nothing twice.
    const other = await createTestApp();
    try {
      await Promise.all([t.app.get(ServiceStatusSweep).sweep(), other.app.get(ServiceStatusSweep).sweep(), t.app.get(ServiceStatusSweep).sweep()]);
    } finally {
      await other.close();
    }
    const overdue = await eventsOf(asset, 'maintenance.overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0].details).toMatchObject({ planId: p.id, planName: 'Aceite', cycle: 0 });
    expect(await eventsOf(asset, 'maintenance.due_soon')).toHaveLength(1);
    const orders = await ordersOf(asset);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: status.workOrderId, servicePlanId: p.id, status: 'open', category: 'preventive' });

    // Completing the order records the service at the meters then, and starts the next cycle.
    const move = (to: string, note?: string) =>
      api()
        .post(`/api/maintenance/work-orders/${orders[0].id}/transitions`, { to, ...(note ? { note } : {}) })
        .expect((res) => expect([200, 201]).toContain(res.status));
    await move('in_progress');
    await move('done');
    status = await statusOf(asset, p.id);
    expect(status).toMatchObject({ state: 'ok', cycle: 1, workOrderId: null, next: { odometerKm: 21_500 }, lastService: { odometerKm: 11_500 } });
    const services = (await api().get(`/api/maintenance/service-plans/${p.id}/services`).expect(200)).body.data;
    expect(services).toEqual([expect.objectContaining({ assetId: asset.assetId, odometerKm: 11_500, workOrderId: orders[0].id })]);
    // Reopened and done again: still one service.
    await move('open', 'Faltó el filtro');
    await move('in_progress');
    await move('done');
    expect((await api().get(`/api/maintenance/service-plans/${p.id}/services`).expect(200)).body.data).toHaveLength(1);
    expect((await statusOf(asset, p.id)).cycle).toBe(1);
    // The next cycle has its own events and order.
    await read(asset, 21_600);
    expect(await eventsOf(asset, 'maintenance.overdue')).toHaveLength(2);
    expect(await ordersOf(asset)).toHaveLength(2);
  });

  it('records the service of an order stored done by a request that failed before telling its plan, when the retry gets the 409', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await read(asset, 1_000);
    const p = await plan({ assetIds: [asset.assetId] });
    await read(asset, 11_200);
    const [order] = await ordersOf(asset);
    expect(order).toMatchObject({ servicePlanId: p.id, status: 'open' });
    // What a request leaves when it stores 'done' and dies (or its next write fails) before the plan hears of it.
    await t.connection.collection('work_orders').updateOne({ _id: new Types.ObjectId(order.id) }, { $set: { status: 'done' } });
    expect(await statusOf(asset, p.id)).toMatchObject({ state: 'overdue', cycle: 0 });
    const retried = await api().post(`/api/maintenance/work-orders/${order.id}/transitions`, { to: 'done' }).expect(409);
    expect(retried.body.error).toContain('cannot go from done to done');
    expect(await statusOf(asset, p.id)).toMatchObject({ state: 'ok', cycle: 1, workOrderId: null, lastService: { odometerKm: 11_200 } });
    // Once: another retry records nothing more.
    await api().post(`/api/maintenance/work-orders/${order.id}/transitions`, { to: 'done' }).expect(409);
    expect((await api().get(`/api/maintenance/service-plans/${p.id}/services`).expect(200)).body.data).toEqual([
      expect.objectContaining({ workOrderId: order.id, odometerKm: 11_200 }),
    ]);
    expect((await statusOf(asset, p.id)).cycle).toBe(1);
  });

  it('follows telemetry: the meters tell the plans when the next threshold is reached', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const p = await plan({ assetIds: [asset.assetId], intervals: { km: 10 }, dueSoon: { km: 4 }, workOrder: { autoCreate: false } });
    const fix = (s: number, northKm: number) => ({
      'device.id': asset.vendorId,
      timestamp: Math.floor(Date.now() / 1000) - 3600 + s,
      'position.latitude': -33.45 + northKm / KM_PER_DEG,
      'position.longitude': -70.65,
      'position.speed': 50,
    });
    // Telemetry's counts reach the meters (and the plans) within a second: here at once.
    const ingest = async (messages: object[]) => {
      await request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
      await t.app.get(TelemetryCompaction).flush();
    };
    await ingest([fix(0, 0), fix(60, 3)]);
    expect((await statusOf(asset, p.id)).state).toBe('ok');
    await ingest([fix(120, 7)]);
    expect(await statusOf(asset, p.id)).toMatchObject({ state: 'due_soon', remaining: { km: 3 } });
    await ingest([fix(180, 12)]);
    expect(await statusOf(asset, p.id)).toMatchObject({ state: 'overdue', remaining: { km: -2 }, workOrderId: null });
    expect(await ordersOf(asset)).toEqual([]);
  });

  it('a plan on over a thousand assets leaves each asset watched at its lowest threshold over all its plans', async () => {
    const own = await createTenant(t.app);
    const asset = await addAsset(t, own.clientId);
    const post = (body: object) => postPlan(own.admin.token, body);
    const tight = (await post({ assetIds: [asset.assetId], intervals: { km: 10 }, dueSoon: { km: 4 }, workOrder: { autoCreate: false } })).body.data
      .id as string;
    // 1 100 more assets (stored in bulk as the app stores them): the wide plan's watches are set from the client's statuses read whole.
    await insertBulkAssets(t, own.clientId, 1_100, 'Wide');
    await post({ allAssets: true, intervals: { km: 10_000 }, dueSoon: { km: 1_000 } });
    const fix = (s: number, northKm: number) => ({
      'device.id': asset.vendorId,
      timestamp: Math.floor(Date.now() / 1000) - 3600 + s,
      'position.latitude': -33.45 + northKm / KM_PER_DEG,
      'position.longitude': -70.65,
      'position.speed': 50,
    });
    await request(t.server)
      .post('/api/telemetry/flespi')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send([fix(0, 0), fix(600, 7)])
      .expect(200);
    await t.app.get(TelemetryCompaction).flush(); // telemetry's counts: within a second, here at once
    const { body } = await request(t.server)
      .get(`/api/maintenance/service-status?assetId=${asset.assetId}&planId=${tight}`)
      .set(auth(own.admin.token))
      .expect(200);
    expect(body.data).toMatchObject([{ state: 'due_soon', remaining: { km: 3 } }]);
  }, 120_000);

  it('counts days in the client’s time zone; the sweep moves the state by the calendar', async () => {
    {
      const zoned = await createTenant(t.app);
      await t.connection.collection('clients').updateOne({ _id: zoned.clientId }, { $set: { timeZone: 'Pacific/Auckland' } });
      const asset = await addAsset(t, zoned.clientId);
      const created = (
        await request(t.server)
          .post('/api/maintenance/service-plans')
          .set(auth(zoned.admin.token))
          .send({ name: 'ITV', assetIds: [asset.assetId], intervals: { days: 30 }, dueSoon: { days: 5 } })
          .expect(201)
      ).body.data;
      const due = DateTime.now().setZone('Pacific/Auckland').startOf('day').plus({ days: 30 });
      const status = await statusOf(asset, created.id, zoned.admin.token);
      expect(status).toMatchObject({ state: 'ok', next: { date: due.toISODate() }, remaining: { days: 30 }, dueBy: 'days' });
      const sweep = (at: DateTime) => t.app.get(ServiceStatusSweep).sweep(at.toJSDate());
      await sweep(due.minus({ days: 5, minutes: 1 }));
      expect((await statusOf(asset, created.id, zoned.admin.token)).state).toBe('ok');
      await sweep(due.minus({ days: 5 }).plus({ minutes: 1 }));
      expect((await statusOf(asset, created.id, zoned.admin.token)).state).toBe('due_soon');
      await sweep(due.minus({ minutes: 1 }));
      expect((await statusOf(asset, created.id, zoned.admin.token)).state).toBe('due_soon');
      await sweep(due.plus({ minutes: 1 }));
      expect((await statusOf(asset, created.id, zoned.admin.token)).state).toBe('overdue');
    }
  });

  it('recomputes an overdue asset when its plan is edited, without a new cycle', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await read(asset, 100);
    const p = await plan({ assetIds: [asset.assetId], intervals: { km: 1_000 }, dueSoon: { km: 100 } });
    await read(asset, 1_200);
    const overdue = await statusOf(asset, p.id);
    expect(overdue).toMatchObject({ state: 'overdue', cycle: 0 });
    // Longer interval: no longer overdue, same cycle, its work order kept.
    await api()
      .patch(`/api/maintenance/service-plans/${p.id}`, { intervals: { km: 5_000 }, dueSoon: { km: 500 } })
      .expect(200);
    expect(await statusOf(asset, p.id)).toMatchObject({ state: 'ok', cycle: 0, next: { odometerKm: 5_100 }, workOrderId: overdue.workOrderId });
    // Back to overdue within the cycle: no second event nor order.
    await api()
      .patch(`/api/maintenance/service-plans/${p.id}`, { intervals: { km: 1_000 }, dueSoon: { km: 100 } })
      .expect(200);
    expect((await statusOf(asset, p.id)).state).toBe('overdue');
    expect(await eventsOf(asset, 'maintenance.overdue')).toHaveLength(1);
    expect(await ordersOf(asset)).toHaveLength(1);
  });

  it('starts the first cycle from the last service done before the plan existed', async () => {
    const asset = await addAsset(t, tenant.clientId);
    await read(asset, 12_000);
    const p = await plan({ assetIds: [asset.assetId] });
    expect(await statusOf(asset, p.id)).toMatchObject({ state: 'ok', cycle: 0 });
    await api()
      .post(`/api/maintenance/service-plans/${p.id}/services`, {
        assetId: asset.assetId,
        doneAt: new Date(Date.now() - 40 * 86_400_000).toISOString(),
        odometerKm: 1_500,
      })
      .expect(201);
    expect(await statusOf(asset, p.id)).toMatchObject({ cycle: 1, lastService: { odometerKm: 1_500 }, next: { odometerKm: 11_500 }, state: 'overdue' });
  });

  it('records services by hand; bad ones are 400', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const elsewhere = await addAsset(t, tenant.clientId);
    await read(asset, 5_000);
    const p = await plan({ assetIds: [asset.assetId] });
    const add = (body: object) => api().post(`/api/maintenance/service-plans/${p.id}/services`, body);
    const record = (await add({ assetId: asset.assetId, doneAt: new Date().toISOString() }).expect(201)).body.data;
    expect(record).toMatchObject({ planId: p.id, assetId: asset.assetId, odometerKm: 5_000, engineHours: 0, workOrderId: null });
    expect(await statusOf(asset, p.id)).toMatchObject({ cycle: 1, lastService: { id: record.id, odometerKm: 5_000 }, next: { odometerKm: 15_000 } });
    // An older service (done before the plan existed) is history: the cycle stays.
    await add({ assetId: asset.assetId, doneAt: new Date(Date.now() - 30 * 86_400_000).toISOString(), odometerKm: 1_000 }).expect(201);
    expect(await statusOf(asset, p.id)).toMatchObject({ cycle: 1, lastService: { id: record.id }, next: { odometerKm: 15_000 } });
    await add({ assetId: elsewhere.assetId, doneAt: new Date().toISOString() }).expect(400);
    await add({ assetId: asset.assetId, doneAt: new Date(Date.now() + 86_400_000).toISOString() }).expect(400);
    await add({ assetId: asset.assetId, doneAt: new Date().toISOString(), workOrderId: '0123456789abcdef01234567' }).expect(400);
    await add({ assetId: asset.assetId }).expect(400);
    await api()
      .post('/api/maintenance/service-plans/0123456789abcdef01234567/services', { assetId: asset.assetId, doneAt: new Date().toISOString() })
      .expect(404);
  });

  it('lists every status once, newest first, across cursor pages: unfiltered as filtered, without a removed plan’s, within the trackers', async () => {
    const own = await createTenant(t.app);
    const as = (token: string) => ({ get: (path: string) => request(t.server).get(path).set(auth(token)) });
    const assets = [await addAsset(t, own.clientId), await addAsset(t, own.clientId), await addAsset(t, own.clientId), await addAsset(t, own.clientId)];
    const make = async (assetIds: string[]) =>
      (
        await request(t.server)
          .post('/api/maintenance/service-plans')
          .set(auth(own.admin.token))
          .send({ name: 'Plan', intervals: { km: 10_000 }, assetIds })
          .expect(201)
      ).body.data.id as string;
    const a = await make(assets.slice(0, 3).map((asset) => asset.assetId));
    const b = await make(assets.map((asset) => asset.assetId));
    const c = await make([assets[3].assetId]);
    const all = async (query: string, token = own.admin.token, limit = 3) => {
      const seen: StatusView[] = [];
      let cursor: string | null = null;
      do {
        const res = await as(token)
          .get(`/api/maintenance/service-status?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`)
          .expect(200);
        const body = res.body as { data: StatusView[]; page: { nextCursor: string | null } };
        expect(body.data.length).toBeLessThanOrEqual(limit);
        seen.push(...body.data);
        cursor = body.page.nextCursor;
      } while (cursor);
      return seen;
    };
    const listed = await all('');
    // The newest plan's statuses first, then the one before's; each (plan, asset) once.
    expect(listed.map((status) => status.planId)).toEqual([c, b, b, b, b, a, a, a]);
    expect(new Set(listed.map((status) => `${status.planId}|${status.assetId}`)).size).toBe(8);
    // The unfiltered list's order is the filtered lists' order.
    expect((await all(`&planId=${b}`)).map((status) => status.assetId)).toEqual(listed.filter((status) => status.planId === b).map((status) => status.assetId));
    expect((await all(`&state=ok`)).map((status) => `${status.planId}|${status.assetId}`)).toEqual(
      listed.map((status) => `${status.planId}|${status.assetId}`),
    );
    // A removed plan's statuses are gone from it; another client lists none of these.
    await request(t.server).delete(`/api/maintenance/service-plans/${b}`).set(auth(own.admin.token)).expect(200);
    expect((await all('')).map((status) => status.planId)).toEqual([c, a, a, a]);
    // A status stored before statuses were numbered (its `_id` a plain ObjectId) comes after the numbered ones.
    const statuses = t.connection.collection('service_statuses');
    const copy = (await statuses.findOne({ planId: new Types.ObjectId(a), assetId: new Types.ObjectId(assets[0].assetId) }))!;
    const unnumbered = new Types.ObjectId();
    await statuses.insertOne({ ...copy, _id: unnumbered, planId: unnumbered });
    for (const limit of [1, 2, 3, 5])
      expect((await all('', own.admin.token, limit)).map((status) => status.planId)).toEqual([c, a, a, a, unnumbered.toHexString()]);
    expect((await all('', tenant.admin.token)).filter((status) => [a, b, c].includes(status.planId))).toEqual([]);
    // A user who sees one tracker lists that asset's statuses only.
    const limited = await own.addUser({ trackerIds: [assets[1].trackerId] });
    expect((await all('', limited.token)).map((status) => `${status.planId}|${status.assetId}`)).toEqual([`${a}|${assets[1].assetId}`]);
  });

  it('finishes a page with the indexed query after a long run of removed statuses (4 096 ids looked up)', async () => {
    const own = await createTenant(t.app);
    const kept = await addAsset(t, own.clientId);
    const post = (body: object) => postPlan(own.admin.token, { intervals: { km: 10_000 }, ...body });
    const first = (await post({ assetIds: [kept.assetId] })).body.data.id as string;
    // 5 400 more assets (stored in bulk as the app stores them), a plan on all of them, removed: 5 401 numbers without a status.
    await insertBulkAssets(t, own.clientId, 5_400, 'Hole');
    const wide = (await post({ allAssets: true })).body.data.id as string;
    await request(t.server).delete(`/api/maintenance/service-plans/${wide}`).set(auth(own.admin.token)).expect(200);
    const last = (await post({ assetIds: [kept.assetId] })).body.data.id as string;
    const page = async (query: string) =>
      (await request(t.server).get(`/api/maintenance/service-status?${query}`).set(auth(own.admin.token)).expect(200)).body as {
        data: StatusView[];
        page: { nextCursor: string | null };
      };
    const one = await page('limit=1');
    expect(one.data.map((status) => status.planId)).toEqual([last]);
    const two = await page(`limit=1&cursor=${one.page.nextCursor}`);
    expect(two.data.map((status) => status.planId)).toEqual([first]);
    expect(two.page.nextCursor).toBeNull();
    expect((await page('limit=5')).data.map((status) => status.planId)).toEqual([last, first]);
  }, 120_000);

  it('answers 401, 403, and 404 for another client’s plan; statuses of assets outside the trackers are not listed', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const p = await plan({ assetIds: [asset.assetId] });
    await request(t.server).get('/api/maintenance/service-plans').expect(401);
    await request(t.server).get('/api/maintenance/service-status').expect(401);
    const noPermission = await tenant.addUser({ permissions: [Permission.Assets] });
    await api(noPermission.token).get('/api/maintenance/service-plans').expect(403);
    await api(noPermission.token).get('/api/maintenance/service-status').expect(403);
    await api(noPermission.token)
      .post('/api/maintenance/service-plans', { name: 'x', intervals: { km: 1 } })
      .expect(403);
    const other = await createTenant(t.app);
    await api(other.admin.token).get(`/api/maintenance/service-plans/${p.id}`).expect(404);
    await api(other.admin.token).patch(`/api/maintenance/service-plans/${p.id}`, { name: 'mine' }).expect(404);
    await api(other.admin.token).delete(`/api/maintenance/service-plans/${p.id}`).expect(404);
    await api(other.admin.token)
      .post(`/api/maintenance/service-plans/${p.id}/services`, { assetId: asset.assetId, doneAt: new Date().toISOString() })
      .expect(404);
    expect((await api(other.admin.token).get(`/api/maintenance/service-status?assetId=${asset.assetId}`).expect(200)).body.data).toEqual([]);
    const limited = await tenant.addUser({ trackerIds: [] });
    expect((await api(limited.token).get(`/api/maintenance/service-status?planId=${p.id}`).expect(200)).body.data).toEqual([]);
    await api(limited.token).post(`/api/maintenance/service-plans/${p.id}/services`, { assetId: asset.assetId, doneAt: new Date().toISOString() }).expect(400);
  });
});
