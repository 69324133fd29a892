import request from 'supertest';
import { DateTime } from 'luxon';
import { createTestApp, TestApp } from '@app/testing';
import { FieldType } from '../../src/forms/form-field-types';
import { OverdueWorkOrdersSweep } from '../../src/maintenance/work-orders/overdue-work-orders.sweep';
import { fleetFixtures, option } from '../factories/inspections.factory';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-domain-events-0123456789';
const KM = 1 / 111.195; // a kilometre of latitude, in degrees
const HERE = { lat: -33.45, lng: -70.66 };

/** The events other domains record: critical inspections, inspections away from their vehicle, overdue work orders. */
describe('fleet events from inspections and work orders', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  let formId: string;
  const flat = option('Pinchado', true);
  const ok = option('Bien');
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const events = async (type: string) =>
    (await request(t.server).get(`/api/events?assetId=${asset.assetId}&type=${type}`).set(auth()).expect(200)).body.data as Array<{
      id: string;
      type: string;
      details: Record<string, unknown>;
      occurredAt: string;
      position: { lat: number; lng: number } | null;
    }>;
  const submit = (tyres: string, location?: { lat: number; lng: number }) =>
    request(t.server)
      .post('/api/inspections')
      .set(auth())
      .send({ assetId: asset.assetId, formId, answers: [{ fieldId: 'tyres', value: tyres }], ...(location ? { location } : {}) })
      .expect(201);

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
    const form = await fleetFixtures(t.app, tenant.clientId).form({
      allAssets: true,
      fields: [{ fieldId: 'tyres', type: FieldType.Select, label: 'Neumáticos', required: true, options: [ok, flat] }] as never,
    });
    formId = form._id.toHexString();
    // Where the truck is now, by its own tracker.
    const now = Math.floor(Date.now() / 1000);
    await request(t.server)
      .post('/api/telemetry/flespi')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send([{ 'device.id': asset.vendorId, timestamp: now - 30, 'position.latitude': HERE.lat, 'position.longitude': HERE.lng, 'position.speed': 0 }])
      .expect(200);
  });
  afterAll(() => t.close());

  it('a critical inspection is an inspection.critical event, with its work order', async () => {
    const inspection = (await submit(flat.optionId, HERE)).body.data;
    const [event] = await events('inspection.critical');
    expect(event).toMatchObject({
      details: { inspectionId: inspection.id, workOrderId: inspection.workOrderId, criticalFieldIds: ['tyres'] },
      position: { lat: HERE.lat, lng: HERE.lng },
    });
    await submit(ok.optionId, HERE);
    expect(await events('inspection.critical')).toHaveLength(1);
  });

  it('an inspection submitted more than 500 m from where the tracker was is away_from_vehicle', async () => {
    expect(await events('inspection.away_from_vehicle')).toEqual([]); // the one above was at the truck
    await submit(ok.optionId, { lat: HERE.lat + 0.3 * KM, lng: HERE.lng }); // 300 m: fine
    expect(await events('inspection.away_from_vehicle')).toEqual([]);
    const far = (await submit(ok.optionId, { lat: HERE.lat + 2 * KM, lng: HERE.lng })).body.data;
    const [event] = await events('inspection.away_from_vehicle');
    expect(event.details).toMatchObject({ inspectionId: far.id, distanceM: expect.any(Number), vehicleAt: { lat: HERE.lat, lng: HERE.lng } });
    expect(event.details.distanceM as number).toBeGreaterThan(1990);
    expect(event.details.distanceM as number).toBeLessThan(2010);
    // Without a place, nothing can be said.
    await submit(ok.optionId);
    expect(await events('inspection.away_from_vehicle')).toHaveLength(1);
  });

  it('a work order past its due date is work_order.overdue once, from the day after in the client’s zone', async () => {
    const yesterday = DateTime.now().setZone('America/Santiago').minus({ days: 1 }).toISODate();
    const order = (
      await request(t.server)
        .post('/api/maintenance/work-orders')
        .set(auth())
        .send({ assetId: asset.assetId, category: 'preventive', title: 'Cambio de aceite', dueDate: yesterday })
        .expect(201)
    ).body.data;
    const sweep = t.app.get(OverdueWorkOrdersSweep);
    await sweep.sweep();
    await sweep.sweep();
    const found = (await events('work_order.overdue')).filter((event) => event.details.workOrderId === order.id);
    expect(found).toHaveLength(1);
    expect(found[0].occurredAt).toBe(DateTime.fromISO(yesterday!, { zone: 'America/Santiago' }).plus({ days: 1 }).toJSDate().toISOString());
    expect(found[0].details).toMatchObject({ title: 'Cambio de aceite', dueDate: yesterday, status: 'open' });
    // Done orders and future due dates are never overdue.
    const done = (
      await request(t.server)
        .post('/api/maintenance/work-orders')
        .set(auth())
        .send({ assetId: asset.assetId, category: 'preventive', title: 'Frenos', dueDate: '2020-01-01' })
        .expect(201)
    ).body.data;
    await request(t.server).post(`/api/maintenance/work-orders/${done.id}/transitions`).set(auth()).send({ to: 'cancelled', note: 'no' }).expect(201);
    await request(t.server)
      .post('/api/maintenance/work-orders')
      .set(auth())
      .send({ assetId: asset.assetId, category: 'preventive', title: 'Luces', dueDate: '2099-01-01' })
      .expect(201);
    await sweep.sweep();
    expect((await events('work_order.overdue')).map((event) => event.details.workOrderId)).toEqual([order.id]);
  });
});
