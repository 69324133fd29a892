import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { DrivingMonthsCloser } from '../../src/driving/rollups/driving-months.closer';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { scriptedDrive } from './driving-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-driving-rollups-0123456789';
const DAY_S = Math.floor(Date.UTC(2026, 10, 18) / 1000);
const iso = (s: number) => new Date(s * 1000).toISOString();

/**
 * The scores from the rollups the ingestion pipeline writes equal the scores walked from every
 * fix (the same request once the asset's rollups are removed, which makes every day a day without
 * one), on telemetry sent through the ingestion route in several batches, with a resend and a late
 * fix, over periods whose ends fall inside hours, over one holding a whole day (read as its total)
 * and over two that end and begin inside a day (read as its total less its hours outside them).
 */
describe('driving scores from rollups', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let a: TrackedFixture;
  const scores = (query: string) =>
    request(t.server)
      .get(`/api/driving-scores?${query}`)
      .set({ Authorization: `Bearer ${tenant.admin.token}` })
      .expect(200);
  // From 02:50 to about 05:10: 40 to 95 km/h at 10 s steps (over the limit of 60 by turns), then idling.
  const speeds = Array.from({ length: 840 }, (_, i) => 40 + ((i * 7) % 56));
  const drive = () => scriptedDrive(a, { ts: DAY_S + 2 * 3600 + 50 * 60, lat: -33.5, lng: -70.7 }, speeds, 30);

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    a = await addAsset(t, tenant.clientId, { name: 'Camión R', plate: 'RRRR11' });
    await request(t.server)
      .patch(`/api/assets/${a.assetId}`)
      .set({ Authorization: `Bearer ${tenant.admin.token}` })
      .send({ eventSettings: { speedLimitKmh: 60 } })
      .expect(200);
    const { messages } = drive();
    // A fix at midnight first: the rollup covers the day from there.
    await ingestMessages(t, TOKEN, [{ ...messages[0], timestamp: DAY_S + 30, 'position.speed': 0 }]);
    const late = messages.splice(400, 1);
    for (let i = 0; i < messages.length; i += 100) await ingestMessages(t, TOKEN, messages.slice(i, i + 100));
    await ingestMessages(t, TOKEN, messages.slice(200, 300)); // a resend
    await ingestMessages(t, TOKEN, late);
    // The next day, a shorter drive: a whole day of the last period below.
    const next = scriptedDrive(a, { ts: DAY_S + 86_400 + 10 * 3600, lat: -33.5, lng: -70.7 }, speeds.slice(0, 200), 30).messages;
    for (let i = 0; i < next.length; i += 120) await ingestMessages(t, TOKEN, next.slice(i, i + 120));
  }, 120_000);
  afterAll(() => t.close());

  it('rolls the fixes up by hour, and answers what the walk of every fix answers', async () => {
    const periods = [
      [DAY_S, DAY_S + 86_399],
      [DAY_S + 3 * 3600 + 17 * 60 + 5, DAY_S + 4 * 3600 + 41 * 60 + 13],
      [DAY_S + 2 * 3600 + 55 * 60, DAY_S + 5 * 3600 + 2 * 60],
      [DAY_S + 3 * 3600 + 10 * 60, DAY_S + 2 * 86_400 + 7200],
      // Ends inside the next day's drive, and begins inside it: that day is its total less the hours outside the period.
      [DAY_S + 3 * 3600 + 10 * 60, DAY_S + 86_400 + 11 * 3600 + 7 * 60],
      [DAY_S + 86_400 + 10 * 3600 + 25 * 60, DAY_S + 2 * 86_400 + 3600],
    ];
    const days = await t.connection
      .collection('driving_days')
      .find({ _id: `${a.assetId}:${DAY_S}` } as never)
      .toArray();
    expect(days).toHaveLength(1);
    expect(days[0].coveredFrom).toBe(DAY_S + 30);
    expect(Object.keys(days[0].hours as object).sort()).toEqual(['h02', 'h03', 'h04', 'h05']);
    // Each day's total is the sum of its hours (the first day's hours written over after the late fix).
    for (const day of await t.connection.collection('driving_days').find({ assetId: days[0].assetId }).toArray()) {
      const hours = Object.values(day.hours as Record<string, Record<string, number>>);
      for (const field of ['km', 'drive', 'idle', 's10', 's20', 's30'])
        expect(day.total[field] ?? 0).toBeCloseTo(
          hours.reduce((sum, hour) => sum + (hour[field] ?? 0), 0),
          6,
        );
    }
    const answers = () => Promise.all(periods.map(async ([from, to]) => (await scores(`from=${iso(from)}&to=${iso(to)}`)).body.data));
    // As before the closer's first pass over these days: read from their rollups.
    await t.connection.collection('driving_closings').updateOne({ _id: 'days' } as never, { $set: { through: DAY_S } }, { upsert: true });
    // The whole day of the last period is its rollup's total (a mark added to it shows).
    const [from, to] = periods[3];
    const nextDay = { _id: `${a.assetId}:${DAY_S + 86_400}` } as never;
    const driven = async () => (await scores(`from=${iso(from)}&to=${iso(to)}`)).body.data[0].drivingSeconds;
    const plain = await driven();
    await t.connection.collection('driving_days').updateOne(nextDay, { $inc: { 'total.drive': 1000 } });
    expect(await driven()).toBe(plain + 1000);
    await t.connection.collection('driving_days').updateOne(nextDay, { $inc: { 'total.drive': -1000 } });
    const open = await answers();
    expect(open[0][0].drivingSeconds).toBe(drive().drivingSeconds);
    // Copied into their months: the same totals and cover, read from there; a second pass copies nothing.
    expect(await t.app.get(DrivingMonthsCloser).run()).toBe(2);
    const [month] = await t.connection
      .collection('driving_months')
      .find({ _id: `${a.assetId}:${Date.UTC(2026, 10, 1) / 1000}` } as never)
      .toArray();
    expect(month.days).toEqual({ d18: { total: days[0].total, coveredFrom: DAY_S + 30 }, d19: { total: expect.any(Object) } });
    expect(await t.app.get(DrivingMonthsCloser).run()).toBe(0);
    const rolled = await answers();
    expect(rolled).toEqual(open);
    await t.connection.collection('driving_days').deleteMany({ assetId: days[0].assetId });
    await t.connection.collection('driving_months').updateMany({ assetId: days[0].assetId }, { $set: { days: {} } });
    for (const [i, [from, to]] of periods.entries()) {
      const walked = (await scores(`from=${iso(from)}&to=${iso(to)}`)).body.data;
      // Distances summed in another order may differ in the last decimal.
      const expected = (rolled[i] as Array<{ distanceKm: number }>).map((row) => ({ ...row, distanceKm: expect.closeTo(row.distanceKm, 2) }));
      expect(walked).toEqual(expected);
    }
  });
});
