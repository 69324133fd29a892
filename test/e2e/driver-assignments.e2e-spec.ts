import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, refusedCredentials, revokeCredentials, TestTenant } from '../factories/tenant.factory';
import { addAsset, T0 as DAY_T0, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-drivers-0123456789';
const T0 = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);
const at = (s: number) => new Date((T0 + s) * 1000).toISOString();

interface AssignmentView {
  id: string;
  assetId: string;
  driverId: string;
  driverName: string;
  from: string;
  to: string | null;
  source: 'manual' | 'telemetry';
}

/**
 * Drivers on vehicles through HTTP on the real database: manual assignments (default `from`, an
 * open one closed by the next, overlaps, bad spans), the lists of an asset and of a driver, the
 * driver key from ingested telemetry, and client, tracker and permission scope.
 */
describe('driver assignments', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let rutSeq = 10_000_000;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const ingest = (messages: object[]) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(messages).expect(200);
  const fix = (asset: TrackedFixture, s: number, extra: object = {}) => ({
    'device.id': asset.vendorId,
    timestamp: T0 + s,
    'position.latitude': -33.45 + s * 1e-5,
    'position.longitude': -70.66,
    'position.speed': 30,
    ...extra,
  });
  const rut = () => {
    const body = String(rutSeq++);
    let sum = 0;
    let factor = 2;
    for (let i = body.length - 1; i >= 0; i--) {
      sum += Number(body[i]) * factor;
      factor = factor === 7 ? 2 : factor + 1;
    }
    const check = 11 - (sum % 11);
    return `${body}-${check === 11 ? '0' : check === 10 ? 'K' : check}`;
  };
  const addDriver = async (firstName: string, extra: object = {}, token = tenant.admin.token): Promise<string> =>
    (
      await request(t.server)
        .post('/api/drivers')
        .set(auth(token))
        .send({ firstName, lastName: 'Rojas', rut: rut(), ...extra })
        .expect(201)
    ).body.data.id;
  const assign = (assetId: string, body: object, token?: string) =>
    request(t.server).post(`/api/assets/${assetId}/driver-assignments`).set(auth(token)).send(body);
  const ofAsset = async (assetId: string, token?: string): Promise<AssignmentView[]> =>
    (await request(t.server).get(`/api/assets/${assetId}/driver-assignments`).set(auth(token)).expect(200)).body.data;

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('assigns a driver from now by default, closes the open assignment at the next one, and lists both ways newest first', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const ana = await addDriver('Ana');
    const beto = await addDriver('Beto');
    const before = Date.now();
    const first = (await assign(asset.assetId, { driverId: ana }).expect(201)).body.data as AssignmentView;
    expect(first).toMatchObject({ assetId: asset.assetId, driverId: ana, driverName: 'Ana Rojas', to: null, source: 'manual' });
    expect(Date.parse(first.from)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first.from)).toBeLessThanOrEqual(Date.now());
    const later = new Date(Date.now() + 60_000).toISOString();
    const second = (await assign(asset.assetId, { driverId: beto, from: later }).expect(201)).body.data as AssignmentView;
    const listed = await ofAsset(asset.assetId);
    expect(listed.map((a) => [a.id, a.driverName, a.from, a.to])).toEqual([
      [second.id, 'Beto Rojas', later, null],
      [first.id, 'Ana Rojas', first.from, later],
    ]);
    const ofAna = (await request(t.server).get(`/api/drivers/${ana}/assignments`).set(auth()).expect(200)).body;
    expect(ofAna.data.map((a: AssignmentView) => [a.id, a.to])).toEqual([[first.id, later]]);
    expect(ofAna.page).toEqual({ nextCursor: null });
    const paged = (await request(t.server).get(`/api/assets/${asset.assetId}/driver-assignments?limit=1`).set(auth()).expect(200)).body;
    expect(paged.data.map((a: AssignmentView) => a.id)).toEqual([second.id]);
    const next = (
      await request(t.server).get(`/api/assets/${asset.assetId}/driver-assignments?limit=1&cursor=${paged.page.nextCursor}`).set(auth()).expect(200)
    ).body;
    expect(next.data.map((a: AssignmentView) => a.id)).toEqual([first.id]);
  });

  it('refuses an overlap with a closed assignment (409 naming it), to not after from (400), and writes nothing then', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const ana = await addDriver('Ana');
    const closed = (await assign(asset.assetId, { driverId: ana, from: at(0), to: at(3600) }).expect(201)).body.data as AssignmentView;
    const conflict = await assign(asset.assetId, { driverId: ana, from: at(1800), to: at(7200) }).expect(409);
    expect(conflict.body.error).toContain(closed.id);
    // An open one starting before a closed one would run over it.
    expect((await assign(asset.assetId, { driverId: ana, from: at(-600) }).expect(409)).body.error).toContain(closed.id);
    for (const body of [
      { driverId: ana, from: at(7200), to: at(7200) },
      { driverId: ana, from: at(7200), to: at(3600) },
      { driverId: ana, from: 'yesterday' },
      { driverId: 'x' },
      {},
      { driverId: ana, shift: 'night' },
      { driverId: 12 },
    ])
      expect((await assign(asset.assetId, body).expect(400)).body).toMatchObject({ error: expect.any(String) });
    // Touching spans do not overlap.
    await assign(asset.assetId, { driverId: ana, from: at(3600), to: at(7200) }).expect(201);
    expect((await ofAsset(asset.assetId)).length).toBe(2);
  });

  it('deletes a manual assignment (200 {id}); an archived driver is 400', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const ana = await addDriver('Ana');
    const made = (await assign(asset.assetId, { driverId: ana, from: at(0) }).expect(201)).body.data as AssignmentView;
    expect((await request(t.server).delete(`/api/assets/${asset.assetId}/driver-assignments/${made.id}`).set(auth()).expect(200)).body.data).toEqual({
      id: made.id,
    });
    await request(t.server).delete(`/api/assets/${asset.assetId}/driver-assignments/${made.id}`).set(auth()).expect(404);
    expect(await ofAsset(asset.assetId)).toEqual([]);
    await request(t.server).delete(`/api/drivers/${ana}`).set(auth()).expect(200);
    expect((await assign(asset.assetId, { driverId: ana }).expect(400)).body.error).toContain('archived');
  });

  it('assigns from the driver key the tracker sends, closes it when the key changes, and a manual assignment wins over its span', async () => {
    const asset = await addAsset(t, tenant.clientId);
    const ana = await addDriver('Ana', { identificationKey: 'a1b2c3' });
    const beto = await addDriver('Beto', { identificationKey: '778899' });
    const carla = await addDriver('Carla');
    await ingest([fix(asset, 0), fix(asset, 10, { 'ibutton.code': 'A1B2C3' }), fix(asset, 20, { 'ibutton.code': 'A1B2C3' }), fix(asset, 30)]);
    // The same messages again, and a key nobody holds for a while.
    await ingest([fix(asset, 10, { 'ibutton.code': 'A1B2C3' }), fix(asset, 20, { 'ibutton.code': 'A1B2C3' })]);
    await ingest([fix(asset, 40, { 'driver.id': 778899 }), fix(asset, 50, { 'driver.id': 778899 })]);
    let listed = await ofAsset(asset.assetId);
    expect(listed.map((a) => [a.driverId, a.from, a.to, a.source])).toEqual([
      [beto, at(40), null, 'telemetry'],
      [ana, at(10), at(40), 'telemetry'],
    ]);
    const manual = (await assign(asset.assetId, { driverId: carla, from: at(15), to: at(45) }).expect(201)).body.data as AssignmentView;
    listed = await ofAsset(asset.assetId);
    // The list shows what was stored; the labels resolve the manual one over both telemetry spans.
    expect(listed.map((a) => [a.id, a.source])).toEqual([
      [listed[0].id, 'telemetry'],
      [manual.id, 'manual'],
      [listed[2].id, 'telemetry'],
    ]);
    // A telemetry assignment is the tracker's record.
    const telemetry = listed.find((a) => a.source === 'telemetry')!;
    await request(t.server).delete(`/api/assets/${asset.assetId}/driver-assignments/${telemetry.id}`).set(auth()).expect(409);
  });

  it('labels trips, events, visits and the trip report with the driver of their time, re-labelled by an assignment added later', async () => {
    // A client of its own: its places are indexed from their first ingestion on (no index of a moment ago).
    const fleet = await createTenant(t.app);
    const token = fleet.admin.token;
    const asset = await addAsset(t, fleet.clientId);
    await addDriver('Ana', { identificationKey: 'C0FFEE01' }, token);
    const beto = await addDriver('Beto', {}, token);
    await request(t.server)
      .post('/api/places')
      .set(auth(token))
      .send({ name: 'Depósito', location: { type: 'Point', coordinates: [0, 0] }, radiusM: 100, visitMinutes: 3 })
      .expect(201);
    // Parked 10 min at the depot with Ana's key in, drive A 20 min, stopped 10 min, drive B 10 min, parked.
    const messages: object[] = [];
    let [lng, ts] = [0, DAY_T0];
    const add = (minutes: number, step: number) => {
      for (let i = 0; i < minutes * 2; i++, ts += 30) {
        lng += step;
        messages.push({
          'device.id': asset.vendorId,
          timestamp: ts,
          'position.latitude': 0,
          'position.longitude': Number(lng.toFixed(6)),
          'position.speed': step > 0 ? 26.7 : 0,
          'ibutton.code': 'c0ffee01',
        });
      }
    };
    add(10, 0);
    const beginA = ts;
    add(20, 0.002);
    add(10, 0);
    const beginB = ts;
    add(10, 0.002);
    add(10, 0);
    await ingest(messages);
    const iso = (unix: number) => new Date(unix * 1000).toISOString();
    const trips = async () =>
      (
        (await request(t.server).get(`/api/trips/${asset.vendorId}?from=15/01/2026&to=15/01/2026`).set(auth(token)).expect(200)).body.data as Array<{
          id: number;
          driverName: string | null;
        }>
      ).map((trip) => [trip.id, trip.driverName]);
    expect(await trips()).toEqual([
      [beginB, 'Ana Rojas'],
      [beginA, 'Ana Rojas'],
    ]);
    const events = (
      await request(t.server)
        .get(`/api/events?assetId=${asset.assetId}&type=place.arrival&from=2026-01-15T00:00:00Z&to=2026-01-16T00:00:00Z`)
        .set(auth(token))
        .expect(200)
    ).body.data;
    expect(events.map((event: { occurredAt: string; driverName: string }) => [event.occurredAt, event.driverName])).toEqual([[iso(DAY_T0), 'Ana Rojas']]);
    const visits = (await request(t.server).get(`/api/visits?assetId=${asset.assetId}`).set(auth(token)).expect(200)).body.data;
    expect(visits.map((visit: { arrivedAt: string; driverName: string }) => [visit.arrivedAt, visit.driverName])).toEqual([[iso(DAY_T0), 'Ana Rojas']]);

    // Beto drove trip B after all: a manual assignment of the past wins over the key's span.
    await assign(asset.assetId, { driverId: beto, from: iso(beginB - 60), to: iso(beginB + 3600) }, token).expect(201);
    expect(await trips()).toEqual([
      [beginB, 'Beto Rojas'],
      [beginA, 'Ana Rojas'],
    ]);
    const trip = (await request(t.server).get(`/api/trips/${asset.vendorId}/trip/${beginB}`).set(auth(token)).expect(200)).body.data;
    expect(trip).toMatchObject({ driverId: beto, driverName: 'Beto Rojas' });
    const report = await request(t.server)
      .post('/api/reports/trips')
      .set(auth(token))
      .send({ assetIds: [asset.assetId], from: '15/01/2026', to: '15/01/2026', format: 'csv' })
      .expect(200);
    const lines = report.text.trim().split('\r\n');
    expect(lines[0].split(',')[4]).toBe('Conductor');
    expect(lines.slice(1, 3).map((line: string) => line.split(',')[4])).toEqual(['Ana Rojas', 'Beto Rojas']);
  });

  it('keeps to the caller: 401, 403 without access_drivers, 404 for another client and outside the trackers', async () => {
    const other = await createTenant(t.app);
    const theirs = await addAsset(t, other.clientId);
    const theirDriver = await addDriver('Ajeno', {}, other.admin.token);
    const mine = await addAsset(t, tenant.clientId);
    const ana = await addDriver('Ana');
    const limited = await tenant.addUser({ trackerIds: [new Types.ObjectId()] });
    const noDrivers = await tenant.addUser({ permissions: [Permission.Positions] });
    const gone = await tenant.addUser();
    await revokeCredentials(t.app, gone);
    const refused = refusedCredentials(gone);
    const routes = [
      () => request(t.server).get(`/api/assets/${mine.assetId}/driver-assignments`),
      () => request(t.server).post(`/api/assets/${mine.assetId}/driver-assignments`).send({ driverId: ana }),
      () => request(t.server).get(`/api/drivers/${ana}/assignments`),
    ];
    for (const route of routes) {
      for (const headers of refused) expect((await route().set(headers).expect(401)).body).toEqual({ error: expect.any(String) });
      await route().set(auth(noDrivers.token)).expect(403);
    }
    await assign(theirs.assetId, { driverId: ana }).expect(404);
    await assign(mine.assetId, { driverId: theirDriver }).expect(404);
    await assign(mine.assetId, { driverId: ana }, limited.token).expect(404);
    await request(t.server).get(`/api/assets/${theirs.assetId}/driver-assignments`).set(auth()).expect(404);
    await request(t.server).get(`/api/assets/${mine.assetId}/driver-assignments`).set(auth(limited.token)).expect(404);
    await request(t.server).get(`/api/drivers/${theirDriver}/assignments`).set(auth()).expect(404);
    expect(await ofAsset(mine.assetId)).toEqual([]);
    await request(t.server).get(`/api/assets/${mine.assetId}/driver-assignments?limit=500`).set(auth()).expect(400);
  });

  it('keeps a driver key unique within the client (409) and lets another client use it', async () => {
    await addDriver('Dora', { identificationKey: 'KEY-42' });
    const duplicate = await request(t.server)
      .post('/api/drivers')
      .set(auth())
      .send({ firstName: 'Eva', lastName: 'Soto', rut: rut(), identificationKey: 'key-42' })
      .expect(409);
    expect(duplicate.body.error).toContain('identificationKey');
    const other = await createTenant(t.app);
    await addDriver('Fede', { identificationKey: 'KEY-42' }, other.admin.token);
    const eva = await addDriver('Eva');
    await request(t.server).patch(`/api/drivers/${eva}`).set(auth()).send({ identificationKey: 'KEY-42' }).expect(409);
    expect(
      (await request(t.server).patch(`/api/drivers/${eva}`).set(auth()).send({ identificationKey: 'KEY-43' }).expect(200)).body.data.identificationKey,
    ).toBe('KEY-43');
    expect(
      (await request(t.server).patch(`/api/drivers/${eva}`).set(auth()).send({ identificationKey: null }).expect(200)).body.data.identificationKey,
    ).toBeUndefined();
  });
});
