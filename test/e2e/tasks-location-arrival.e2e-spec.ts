import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { LATE_GRACE_MS } from '../../src/tasks/late/late-check';
import { LateTasksSweep } from '../../src/tasks/late/late-tasks.sweep';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-task-locations-0123456789';
const M = 1 / 111_195; // a metre of latitude, in degrees
const SITE = { lat: -33.45, lng: -70.66 };
const T0 = Math.floor(Date.UTC(2026, 10, 21, 12, 0, 0) / 1000);
const at = (s: number) => new Date((T0 + s) * 1000).toISOString();
const HOUR = 3600;

/** Tasks at a location (no place) arrive and depart by the vehicle's fixes sent to the ingestion route. */
describe('tasks at a location: arrival by the fixes', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const ingest = (messages: object[]) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
  /** A fix `north` metres north of the site; `north: null` is a message without a position. */
  const fix = (asset: TrackedFixture, s: number, north: number | null) => ({
    'device.id': asset.vendorId,
    timestamp: T0 + s,
    ...(north === null ? {} : { 'position.latitude': SITE.lat + north * M, 'position.longitude': SITE.lng, 'position.speed': 20 }),
  });
  const task = async (assetId: string, from: number, to: number, location = SITE) =>
    (
      await request(t.server)
        .post('/api/tasks')
        .set(auth())
        .send({ title: 'Retiro en obra', location, radiusM: 150, assetId, window: { from: at(from), to: at(to) } })
        .expect(201)
    ).body.data;
  const get = async (id: string) => (await request(t.server).get(`/api/tasks/${id}`).set(auth()).expect(200)).body.data;
  const eventsOf = async (assetId: string, type: string) =>
    (
      await request(t.server)
        .get(`/api/events?assetId=${assetId}&type=${type}&from=${at(-86_400)}&to=${at(86_400)}`)
        .set(auth())
        .expect(200)
    ).body.data;
  const arrivals = (assetId: string) => eventsOf(assetId, 'task.arrived');

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('arrives at the first fix within the radius, departs at the first outside after it, once for the same messages twice', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const pickup = await task(asset.assetId, 0, HOUR);
    const messages = [fix(asset, 0, -2_000), fix(asset, 60, 400), fix(asset, 90, null), fix(asset, 120, 100), fix(asset, 600, 20), fix(asset, 660, 900)];
    await ingest(messages);
    expect(await get(pickup.id)).toMatchObject({ state: 'arrived', late: false, arrivedAt: at(120), departedAt: at(660) });
    await ingest(messages);
    expect(await arrivals(asset.assetId)).toEqual([expect.objectContaining({ taskId: pickup.id, occurredAt: at(120), placeId: null })]);
  });

  it('arrives once when another instance’s arrival is not in this one’s index yet, and still arrives when the task was only touched: a write holds over the task as read, else it is read again', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const pickup = await task(asset.assetId, 0, HOUR);
    await ingest([fix(asset, 0, -2_000)]);
    // Another instance saw the vehicle arrive at 30 s: its write, which this instance's index has not taken.
    const elsewhere = { state: 'arrived', arrivedAt: new Date((T0 + 30) * 1000), updatedAt: new Date() };
    await t.connection.collection('tasks').updateOne({ _id: new Types.ObjectId(pickup.id) }, { $set: elsewhere });
    await ingest([fix(asset, 120, 10)]);
    expect(await get(pickup.id)).toMatchObject({ state: 'arrived', arrivedAt: at(30) });
    expect(await arrivals(asset.assetId)).toEqual([]);
    // A task only touched meanwhile (another instance's write this index has not taken) still arrives: read again, written over.
    const other = await addAsset(t, tenant.clientId);
    const delivery = await task(other.assetId, 0, HOUR);
    await ingest([fix(other, 0, -2_000)]);
    await t.connection.collection('tasks').updateOne({ _id: new Types.ObjectId(delivery.id) }, { $set: { updatedAt: new Date() } });
    await ingest([fix(other, 120, 10)]);
    expect(await get(delivery.id)).toMatchObject({ state: 'arrived', arrivedAt: at(120) });
  });

  it('writes a batch’s arrivals of several vehicles together: each task arrives at its own fix, labelled with the driver on its vehicle then, with its own event', async () => {
    const driven = await addAsset(t, tenant.clientId, { name: 'Camión 12' });
    const alone = await addAsset(t, tenant.clientId, { name: 'Furgón 3' });
    const driverId = (await request(t.server).post('/api/drivers').set(auth()).send({ firstName: 'Luis', lastName: 'Pardo', rut: '11111111-1' }).expect(201))
      .body.data.id;
    await request(t.server)
      .post(`/api/assets/${driven.assetId}/driver-assignments`)
      .set(auth())
      .send({ driverId, from: at(-HOUR) })
      .expect(201);
    const [first, second, third] = [await task(driven.assetId, 0, HOUR), await task(driven.assetId, 0, HOUR), await task(alone.assetId, 0, 60)];
    await ingest([fix(driven, 0, -2_000), fix(alone, 0, -2_000), fix(alone, 90, 30), fix(driven, 120, 10), fix(driven, 300, 600)]);
    for (const id of [first.id, second.id]) {
      expect(await get(id)).toMatchObject({ state: 'arrived', arrivedAt: at(120), departedAt: at(300), late: false, driverId, driverName: 'Luis Pardo' });
    }
    expect(await get(third.id)).toMatchObject({ state: 'arrived', arrivedAt: at(90), departedAt: null, late: true, driverId: null, driverName: null });
    const byTask = (events: Array<{ taskId: string }>) => [...events].sort((a, b) => a.taskId.localeCompare(b.taskId));
    const expected = [first, second].sort((a, b) => a.id.localeCompare(b.id));
    expect(byTask(await arrivals(driven.assetId))).toEqual(
      expected.map((one) => expect.objectContaining({ taskId: one.id, assetName: 'Camión 12', occurredAt: at(120), driverId })),
    );
    expect(await arrivals(alone.assetId)).toEqual([
      expect.objectContaining({ taskId: third.id, assetName: 'Furgón 3', details: expect.objectContaining({ late: true }) }),
    ]);
  });

  it('waits outside the window’s margins and for another vehicle; a task moved to where the vehicle is arrives there; a finished one does not', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const tomorrow = await task(asset.assetId, 86_400, 86_400 + HOUR);
    const otherVehicle = await task((await addAsset(t, tenant.clientId)).assetId, 0, HOUR);
    const elsewhere = await task(asset.assetId, 0, HOUR, { lat: SITE.lat + 0.1, lng: SITE.lng });
    const doneByHand = await task(asset.assetId, 0, HOUR);
    await request(t.server).post(`/api/tasks/${doneByHand.id}/complete`).set(auth()).send({ note: 'Entregado en portería' }).expect(200);
    await ingest([fix(asset, 60, 0), fix(asset, 90, 10)]);
    expect(await get(tomorrow.id)).toMatchObject({ state: 'assigned', arrivedAt: null });
    expect(await get(otherVehicle.id)).toMatchObject({ state: 'assigned', arrivedAt: null });
    expect(await get(elsewhere.id)).toMatchObject({ state: 'assigned', arrivedAt: null });
    expect(await get(doneByHand.id)).toMatchObject({ state: 'done', arrivedAt: null });
    await request(t.server).patch(`/api/tasks/${elsewhere.id}`).set(auth()).send({ location: SITE }).expect(200);
    await ingest([fix(asset, 120, 5)]);
    expect(await get(elsewhere.id)).toMatchObject({ state: 'arrived', arrivedAt: at(120) });
    expect((await arrivals(asset.assetId)).map((event: { taskId: string }) => event.taskId)).toEqual([elsewhere.id]);
  });

  it('flags an arrival after the window’s end as late', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const late = await task(asset.assetId, -3 * HOUR, -HOUR);
    await ingest([fix(asset, 30, 50)]);
    expect(await get(late.id)).toMatchObject({ state: 'arrived', late: true, arrivedAt: at(30) });
  });

  it('finds a task late only a grace after its window, and takes task.late back when fixes sent late show it arrived in time', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const delayed = await task(asset.assetId, -3 * HOUR, -HOUR);
    const windowEndMs = (T0 - HOUR) * 1000;
    const sweep = t.app.get(LateTasksSweep);
    await sweep.sweep(new Date(windowEndMs + LATE_GRACE_MS - 60_000));
    expect((await get(delayed.id)).late).toBe(false);
    await sweep.sweep(new Date(windowEndMs + LATE_GRACE_MS));
    expect(await get(delayed.id)).toMatchObject({ state: 'assigned', late: true });
    expect(await eventsOf(asset.assetId, 'task.late')).toEqual([expect.objectContaining({ taskId: delayed.id, occurredAt: at(-HOUR) })]);
    // The device's buffered fixes come in now: it was there half an hour before the window's end.
    await ingest([fix(asset, -HOUR - 1800, 30)]);
    expect(await get(delayed.id)).toMatchObject({ state: 'arrived', late: false, arrivedAt: at(-HOUR - 1800) });
    expect(await eventsOf(asset.assetId, 'task.late')).toEqual([]);
    expect(await arrivals(asset.assetId)).toEqual([expect.objectContaining({ taskId: delayed.id, details: expect.objectContaining({ late: false }) })]);
  });
});
