import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { DrivingMonthsCloser } from '../../src/driving/rollups/driving-months.closer';
import { HarshMonthsBackfill } from '../../src/driving/rollups/harsh-months.backfill';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addCamionA, driveOfCamionA, scriptedDrive } from './driving-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-driving-0123456789';
const T0 = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);
const DAY = 'from=2026-11-20T00:00:00-03:00&to=2026-11-21T00:00:00-03:00';
const DEFAULTS = { acceleration: 2, braking: 2, cornering: 2, speeding10: 1, speeding20: 2, speeding30: 4, idling: 0.2 };

/**
 * Driving scores from telemetry sent to the ingestion route, on the real database: driving,
 * speeding and idling time against the asset's limit and a geofence's, the score by the formula
 * as the weights change through PATCH, a harsh braking detected from the fixes, groupBy asset
 * and driver (the driver assignments), and the caller's scope.
 */
describe('driving scores', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let a: TrackedFixture;
  let b: TrackedFixture;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const scores = (query: string, token?: string) => request(t.server).get(`/api/driving-scores?${query}`).set(auth(token));
  const patch = (weights: object, token?: string) => request(t.server).patch('/api/driving-score-settings').set(auth(token)).send({ weights });
  const driveA = () => driveOfCamionA(a, T0);

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    a = await addCamionA(t, tenant);
    b = await addAsset(t, tenant.clientId, { name: 'Camión B', plate: 'BBBB22' });
    // B has no limit of its own: a zone of 30 km/h around its drive sets it.
    await request(t.server)
      .post('/api/geofences')
      .set(auth())
      .send({ name: 'Zona escolar', geometry: { type: 'Point', coordinates: [-70.6, -33.0] }, radiusM: 3000, speedLimitKmh: 30 })
      .expect(201);
    await ingestMessages(t, TOKEN, driveA().messages);
    await ingestMessages(t, TOKEN, scriptedDrive(b, { ts: T0, lat: -33.0, lng: -70.6 }, [55, 55, 55, 45], 0).messages);
  });
  afterAll(() => t.close());

  it('measures distance, driving, speeding over the asset’s limit and idling, and scores them with the default weights', async () => {
    expect((await request(t.server).get('/api/driving-score-settings').set(auth()).expect(200)).body.data).toEqual({ weights: DEFAULTS });
    const [row] = (await scores(`groupBy=asset&${DAY}&assetIds=${a.assetId}`).expect(200)).body.data;
    const { distanceKm } = driveA();
    expect(row).toEqual({
      id: a.assetId,
      name: 'Camión A',
      // 100 − 100·(1·0.5 + 2·0.25 + 4·0.0833 + 0.2·0.3333) = 100 − 140: clamped.
      score: 0,
      distanceKm: expect.closeTo(distanceKm, 2),
      drivingSeconds: 120,
      per100Km: { acceleration: 0, braking: 0, cornering: 0 },
      // Over 60 by more than 10 (75, 85, 95): 60 of 120 s; by more than 20 (85, 95): 30 s; by more than 30 (95): 10 s.
      speedingShare: { over10: 0.5, over20: 0.25, over30: 0.0833 },
      idlingShare: 0.3333,
      eventIds: [],
    });
  });

  it('moves the score as the weights change through PATCH (partial), and records the change', async () => {
    const changed = (await patch({ speeding10: 0.1, speeding20: 0.1, speeding30: 0.3, idling: 0.3 }).expect(200)).body.data;
    expect(changed).toEqual({ weights: { ...DEFAULTS, speeding10: 0.1, speeding20: 0.1, speeding30: 0.3, idling: 0.3 } });
    const score = async () => (await scores(`${DAY}&assetIds=${a.assetId}`).expect(200)).body.data[0].score;
    // 100 − 100·(0.1·0.5 + 0.1·0.25 + 0.3·(1/12) + 0.3·(1/3)) = 100 − 20.
    expect(await score()).toBe(80);
    await patch({ idling: 0 }).expect(200);
    expect(await score()).toBe(90);
    expect((await request(t.server).get('/api/driving-score-settings').set(auth()).expect(200)).body.data.weights).toMatchObject({
      idling: 0,
      speeding30: 0.3,
      braking: 2,
    });
    const activity = await t.connection
      .collection('activity_events')
      .find({ clientId: tenant.clientId, action: 'driving_score_settings.update' })
      .sort({ _id: 1 })
      .toArray();
    expect(activity).toHaveLength(2);
    expect(activity[1]).toMatchObject({ before: { weights: { idling: 0.3 } }, after: { weights: { idling: 0 } } });
  });

  it('takes the lowest geofence limit where the asset is, and lists every visible asset without assetIds', async () => {
    const rows = (await scores(DAY).expect(200)).body.data;
    expect(rows.map((row: { name: string }) => row.name)).toEqual(['Camión A', 'Camión B']);
    // 55 in a 30 zone: over by 25 for 30 s, then 45 (over by 15) for 10 s.
    expect(rows[1]).toMatchObject({ id: b.assetId, drivingSeconds: 40, speedingShare: { over10: 1, over20: 0.75, over30: 0 }, idlingShare: 0 });
  });

  it('answers no rows by driver until assignments exist, and nothing outside the period', async () => {
    expect((await scores(`groupBy=driver&${DAY}`).expect(200)).body.data).toEqual([]);
    const [row] = (await scores(`from=2026-11-21T00:00:00Z&to=2026-11-22T00:00:00Z&assetIds=${a.assetId}`).expect(200)).body.data;
    expect(row).toMatchObject({ score: 100, distanceKm: 0, drivingSeconds: 0, idlingShare: 0 });
  });

  it('counts a harsh braking detected from ingested fixes per 100 km, with its id as evidence', async () => {
    const c = await addAsset(t, tenant.clientId, { name: 'Camión C', plate: 'CCCC33' });
    // A fix a second: 60 km/h, then 40 a second later (20 km/h lost in 1 s, over the 14 of a harsh braking).
    const drive = scriptedDrive(c, { ts: T0, lat: -32.5, lng: -70.6 }, [60, 60, 60, 40, 40, 40, 40], 0, 1);
    await ingestMessages(t, TOKEN, drive.messages);
    const [row] = (await scores(`${DAY}&assetIds=${c.assetId}`).expect(200)).body.data;
    expect(row.eventIds).toHaveLength(1);
    expect(row.per100Km).toEqual({ acceleration: 0, braking: expect.closeTo(100 / drive.distanceKm, 0), cornering: 0 });
    const event = (await request(t.server).get(`/api/events/${row.eventIds[0]}`).set(auth()).expect(200)).body.data;
    expect(event).toMatchObject({ type: 'harsh.braking', assetId: c.assetId, occurredAt: new Date((T0 + 2) * 1000).toISOString() });
  });

  it('scores a day alike before and after the closer copies it into its month, again after a late fix, and with harsh events the boot backfill entered', async () => {
    const d = await addAsset(t, tenant.clientId, { name: 'Camión D', plate: 'DDDD44' });
    const drive = scriptedDrive(d, { ts: T0, lat: -32.4, lng: -70.6 }, [60, 60, 60, 40, 40, 40, 40], 0, 1).messages;
    await ingestMessages(t, TOKEN, drive.slice(0, 6));
    const period = `from=2026-11-19T00:00:00Z&to=2026-11-22T00:00:00Z&assetIds=${d.assetId}`;
    const score = async () => (await scores(period).expect(200)).body.data;
    const before = await score();
    expect(before[0].eventIds).toHaveLength(1);
    const closer = t.app.get(DrivingMonthsCloser);
    expect(await closer.run()).toBeGreaterThanOrEqual(1);
    const assetId = new Types.ObjectId(d.assetId);
    const day = async () => (await t.connection.collection('driving_days').find({ assetId }).toArray())[0];
    const month = async () => (await t.connection.collection('driving_months').find({ assetId }).toArray())[0];
    expect((await month()).days.d20.total).toEqual((await day()).total);
    expect(await score()).toEqual(before);
    expect(await closer.run()).toBe(0);
    // A late fix writes the day again: copied again at the next pass, and read from the month.
    await ingestMessages(t, TOKEN, drive.slice(6));
    const after = await score();
    expect(after[0].distanceKm).toBeGreaterThan(before[0].distanceKm);
    expect(await closer.run()).toBe(1);
    expect((await month()).days.d20.total).toEqual((await day()).total);
    expect(await score()).toEqual(after);
    // Harsh events stored without their month: none counted until the backfill enters them.
    await t.connection.collection('driving_months').updateMany({ assetId }, { $set: { harsh: {} } });
    expect((await score())[0].eventIds).toEqual([]);
    expect(await t.app.get(HarshMonthsBackfill).run()).toBeGreaterThanOrEqual(1);
    expect(await score()).toEqual(after);
    expect(await t.app.get(HarshMonthsBackfill).run()).toBe(0);
  });

  it('splits an asset’s figures by who drove it when (driver assignments), and keeps the drivers asked', async () => {
    const rut = (n: number) => {
      const body = String(10_000_000 + n);
      const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * [2, 3, 4, 5, 6, 7][i % 6], 0);
      const check = 11 - (sum % 11);
      return `${body}-${check === 11 ? '0' : check === 10 ? 'K' : check}`;
    };
    const addDriver = async (firstName: string, n: number): Promise<string> =>
      (
        await request(t.server)
          .post('/api/drivers')
          .set(auth())
          .send({ firstName, lastName: 'Rojas', rut: rut(n) })
          .expect(201)
      ).body.data.id;
    const [ana, beto] = [await addDriver('Ana', 1), await addDriver('Beto', 2)];
    const iso = (s: number) => new Date((T0 + s) * 1000).toISOString();
    const assign = (driverId: string, from: number, to?: number) =>
      request(t.server)
        .post(`/api/assets/${a.assetId}/driver-assignments`)
        .set(auth())
        .send({ driverId, from: iso(from), ...(to !== undefined && { to: iso(to) }) })
        .expect(201);
    await assign(ana, -3600, 60);
    await assign(beto, 60);
    const rows = (await scores(`groupBy=driver&${DAY}&assetIds=${a.assetId}`).expect(200)).body.data;
    expect(rows.map((row: { id: string; name: string }) => [row.id, row.name])).toEqual([
      [ana, 'Ana Rojas'],
      [beto, 'Beto Rojas'],
    ]);
    // Ana drove the first 60 s at 50 km/h; Beto the rest: 75, 85, 95, then the 60 s of idling.
    expect(rows[0]).toMatchObject({ drivingSeconds: 60, speedingShare: { over10: 0, over20: 0, over30: 0 }, idlingShare: 0 });
    expect(rows[1]).toMatchObject({ drivingSeconds: 60, speedingShare: { over10: 1, over20: 0.5, over30: 0.1667 }, idlingShare: 0.5 });
    expect(rows[0].distanceKm + rows[1].distanceKm).toBeCloseTo(driveA().distanceKm, 2);
    const only = (await scores(`groupBy=driver&${DAY}&driverIds=${beto}`).expect(200)).body.data;
    expect(only.map((row: { id: string }) => row.id)).toEqual([beto]);
  });

  it('keeps to the caller: 401, 403 without access_reports, 404 for another client’s or an out-of-scope asset, 400 for bad input', async () => {
    for (const headers of [{}, { Authorization: 'Bearer atk_bogus' }]) {
      await request(t.server).get(`/api/driving-scores?${DAY}`).set(headers).expect(401);
      await request(t.server).get('/api/driving-score-settings').set(headers).expect(401);
      await request(t.server)
        .patch('/api/driving-score-settings')
        .set(headers)
        .send({ weights: { idling: 1 } })
        .expect(401);
    }
    const noReports = await tenant.addUser({ permissions: [Permission.Positions] });
    await scores(DAY, noReports.token).expect(403);
    await request(t.server).get('/api/driving-score-settings').set(auth(noReports.token)).expect(403);
    await patch({ idling: 1 }, noReports.token).expect(403);
    const other = await createTenant(t.app);
    const theirs = await addAsset(t, other.clientId);
    await scores(`${DAY}&assetIds=${theirs.assetId}`).expect(404);
    await scores(`${DAY}&assetIds=${a.assetId},${new Types.ObjectId().toHexString()}`).expect(404);
    const limited = await tenant.addUser({ trackerIds: [b.trackerId] });
    await scores(`${DAY}&assetIds=${a.assetId}`, limited.token).expect(404);
    expect((await scores(DAY, limited.token).expect(200)).body.data.map((row: { id: string }) => row.id)).toEqual([b.assetId]);
    expect((await scores(DAY, other.admin.token).expect(200)).body.data.map((row: { id: string }) => row.id)).toEqual([theirs.assetId]);
    for (const query of [
      'groupBy=fleet&' + DAY,
      'from=2026-11-01T00:00:00Z&to=2026-12-03T00:00:00Z',
      'from=2026-11-21T00:00:00Z&to=2026-11-20T00:00:00Z',
      'from=2026-11-20T00:00:00&to=2026-11-21T00:00:00',
      'to=2026-11-21T00:00:00Z',
      `${DAY}&assetIds=12`,
      `${DAY}&colour=red`,
    ]) {
      expect((await scores(query).expect(400)).body).toMatchObject({ error: expect.any(String) });
    }
    for (const weights of [{ idling: -1 }, { idling: 1001 }, { idling: '1' }, { idling: null }, { harshness: 1 }, {}]) await patch(weights).expect(400);
    await request(t.server)
      .patch('/api/driving-score-settings')
      .set(auth())
      .send({ weights: { idling: 1 }, extra: true })
      .expect(400);
    await request(t.server).patch('/api/driving-score-settings').set(auth()).send({}).expect(400);
    expect((await request(t.server).get('/api/driving-score-settings').set(auth()).expect(200)).body.data.weights.idling).toBe(0);
  });
});
