import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { LateTasksSweep } from '../../src/tasks/late/late-tasks.sweep';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { fixNorthOf } from './depot-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-tasks-0123456789';
const CUSTOMER = { lat: -33.5, lng: -70.7 };
const T0 = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);
const at = (s: number) => new Date((T0 + s) * 1000).toISOString();
const HOUR = 3600;

interface TaskView {
  id: string;
  state: string;
  late: boolean;
  arrivedAt: string | null;
  departedAt: string | null;
  driverId: string | null;
  driverName: string | null;
}

/**
 * Tasks that arrive by themselves from telemetry sent to the ingestion route: a visit inside the
 * window's margins, one after its end (late), one outside them, the same messages twice, and the
 * late sweep for a window that closed without an arrival.
 */
describe('tasks arrival', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let placeId: string;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => ingestMessages(t, TOKEN, messages);
  const fix = (asset: TrackedFixture, s: number, north: number, speed: number) => fixNorthOf(CUSTOMER, asset, T0 + s, north, { 'position.speed': speed });
  /** Stopped at the customer from `from` to `to` (a fix every 30 s), then driving away. */
  const visit = (asset: TrackedFixture, from: number, to: number) => {
    const fixes = [fix(asset, from - 60, -600, 40)];
    for (let s = from; s <= to; s += 30) fixes.push(fix(asset, s, 0, 0));
    return [...fixes, fix(asset, to + 30, 400, 30), fix(asset, to + 40, 500, 30)];
  };
  const task = async (assetId: string | undefined, from: number, to: number): Promise<TaskView> =>
    (
      await request(t.server)
        .post('/api/tasks')
        .set(auth())
        .send({ title: 'Entrega', placeId, assetId, window: { from: at(from), to: at(to) } })
        .expect(201)
    ).body.data;
  const get = async (id: string): Promise<TaskView> => (await request(t.server).get(`/api/tasks/${id}`).set(auth()).expect(200)).body.data;
  const events = async (assetId: string, type: string) =>
    (
      await request(t.server)
        .get(`/api/events?assetId=${assetId}&type=${type}&from=${at(-2 * 86_400)}&to=${at(2 * 86_400)}`)
        .set(auth())
        .expect(200)
    ).body.data;

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    placeId = (
      await request(t.server)
        .post('/api/places')
        .set(auth())
        .send({ name: 'Cliente Lo Valledor', location: { type: 'Point', coordinates: [CUSTOMER.lng, CUSTOMER.lat] }, radiusM: 100, visitMinutes: 3 })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => t.close());

  it('arrives when the visit begins inside the window, departs with it, and records task.arrived with taskId once for the same messages twice', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const inside = await task(asset.assetId, -1800, HOUR);
    const otherAsset = await task((await addAsset(t, tenant.clientId)).assetId, -1800, HOUR);
    const messages = visit(asset, 60, 660);
    await ingest(messages);
    expect(await get(inside.id)).toMatchObject({ state: 'arrived', late: false, arrivedAt: at(60), departedAt: at(690) });
    expect((await get(otherAsset.id)).state).toBe('assigned');
    await ingest(messages);
    const arrivals = await events(asset.assetId, 'task.arrived');
    expect(arrivals).toEqual([expect.objectContaining({ taskId: inside.id, placeId, occurredAt: at(60), details: expect.objectContaining({ late: false }) })]);
    expect(await get(inside.id)).toMatchObject({ state: 'arrived', arrivedAt: at(60) });
    const done = await request(t.server).post(`/api/tasks/${inside.id}/complete`).set(auth()).send({}).expect(200);
    expect(done.body.data).toMatchObject({ state: 'done', arrivedAt: at(60) });
  });

  it('labels a task without a driver of its own with the driver on its vehicle at the arrival', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const driverId = (await request(t.server).post('/api/drivers').set(auth()).send({ firstName: 'Ana', lastName: 'Rojas', rut: '7654321-6' }).expect(201)).body
      .data.id;
    await request(t.server)
      .post(`/api/assets/${asset.assetId}/driver-assignments`)
      .set(auth())
      .send({ driverId, from: at(-HOUR) })
      .expect(201);
    const unlabelled = await task(asset.assetId, -1800, HOUR);
    expect(unlabelled).toMatchObject({ driverId: null, driverName: null });
    await ingest(visit(asset, 60, 660));
    expect(await get(unlabelled.id)).toMatchObject({ state: 'arrived', driverId, driverName: 'Ana Rojas' });
  });

  it('flags an arrival after the window’s end as late, and leaves a task whose window is outside the margins waiting', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const late = await task(asset.assetId, -3 * HOUR, -HOUR);
    const tomorrow = await task(asset.assetId, 86_400, 86_400 + HOUR);
    const tooEarly = await task(asset.assetId, 2 * HOUR, 3 * HOUR); // begins more than an hour after the visit
    await ingest(visit(asset, 60, 660));
    expect(await get(late.id)).toMatchObject({ state: 'arrived', late: true, arrivedAt: at(60) });
    expect(await get(tomorrow.id)).toMatchObject({ state: 'assigned', arrivedAt: null });
    expect(await get(tooEarly.id)).toMatchObject({ state: 'assigned', arrivedAt: null });
    expect(
      (await events(asset.assetId, 'task.arrived')).map((event: { taskId: string; details: { late: boolean } }) => [event.taskId, event.details.late]),
    ).toEqual([[late.id, true]]);
  });

  it('does not arrive a task without an asset, nor a cancelled one', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const unassigned = await task(undefined, -1800, HOUR);
    const cancelled = await task(asset.assetId, -1800, HOUR);
    await request(t.server).post(`/api/tasks/${cancelled.id}/cancel`).set(auth()).expect(200);
    await ingest(visit(asset, 60, 660));
    expect((await get(unassigned.id)).state).toBe('unassigned');
    expect(await get(cancelled.id)).toMatchObject({ state: 'cancelled', arrivedAt: null });
    expect(await events(asset.assetId, 'task.arrived')).toEqual([]);
  });

  it('marks a task late once when its window closes without an arrival (task.late through the sweep), and alerts on it through a rule', async () => {
    const rule = (
      await request(t.server)
        .post('/api/alert-rules')
        .set(auth())
        .send({ name: 'Tareas atrasadas', eventTypes: ['task.late'], severity: 'warning' })
        .expect(201)
    ).body.data;
    const asset = await addAsset(t, tenant.clientId);
    const missed = await task(asset.assetId, -3 * HOUR, -2 * HOUR);
    const unassigned = await task(undefined, -3 * HOUR, -2 * HOUR);
    // Ten days after the run, whatever its date (T0 is fixed in the past).
    const inTenDays = Math.floor(Date.now() / 1000) - T0 + 10 * 86_400;
    const future = await task(asset.assetId, inTenDays, inTenDays + HOUR);
    const sweep = t.app.get(LateTasksSweep);
    await sweep.sweep(new Date());
    expect(await get(missed.id)).toMatchObject({ state: 'assigned', late: true });
    expect(await get(unassigned.id)).toMatchObject({ state: 'unassigned', late: true });
    expect((await get(future.id)).late).toBe(false);
    expect(await sweep.sweep(new Date())).toBe(0);
    const lateEvents = await events(asset.assetId, 'task.late');
    expect(lateEvents).toEqual([expect.objectContaining({ taskId: missed.id, occurredAt: at(-2 * HOUR) })]);
    const alerts = (await request(t.server).get(`/api/alerts?assetId=${asset.assetId}`).set(auth()).expect(200)).body.data;
    expect(alerts).toEqual([expect.objectContaining({ ruleId: rule.id, eventType: 'task.late' })]);
    expect((await request(t.server).get('/api/tasks?late=true&limit=200').set(auth()).expect(200)).body.data.map((row: TaskView) => row.id)).toEqual(
      expect.arrayContaining([missed.id, unassigned.id]),
    );
    // It still arrives within six hours of the window's end, and stays late.
    await ingest(visit(asset, 60, 660));
    expect(await get(missed.id)).toMatchObject({ state: 'arrived', late: true, arrivedAt: at(60) });
  });
});
