import request from 'supertest';
import { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { FieldType } from '../../src/forms/form-field-types';
import { OrphanWorkOrderSweep } from '../../src/inspections/submissions/orphan-work-order-sweep';
import { fleetFixtures, option } from '../factories/inspections.factory';
import { createTenant, TestTenant } from '../factories/tenant.factory';

/**
 * A critical submission killed between its two writes leaves its work order alone (the order is
 * written first). The sweep removes such orders once the grace has passed, and nothing else:
 * not an order whose inspection exists, nor one someone worked on, nor a young one, nor another
 * client's order whose inspection id happens to exist elsewhere.
 */
describe('inspections: the sweep of work orders left by interrupted submissions', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let asset: Stored<Asset>;
  let formId: string;
  const flat = option('Flat', true);
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const orders = () => t.connection.collection('work_orders');
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  /** A critical submission through HTTP; `orphan` removes its inspection as a kill before it would have. */
  async function submitted({ orphan, age = 1, at = tenant }: { orphan: boolean; age?: number; at?: TestTenant }) {
    const res = await request(t.server)
      .post('/api/inspections')
      .set(auth(at.admin.token))
      .send({ assetId: asset._id.toHexString(), formId, answers: [{ fieldId: 'tyres', value: flat.optionId }] })
      .expect(201);
    const { id, workOrderId } = res.body.data as { id: string; workOrderId: string };
    const createdAt = hoursAgo(age);
    await orders().updateOne({ _id: new Types.ObjectId(workOrderId) }, { $set: { createdAt, updatedAt: createdAt } });
    if (orphan) await t.connection.collection('inspections').deleteOne({ _id: new Types.ObjectId(id) });
    return workOrderId;
  }
  const exists = async (id: string) => (await orders().countDocuments({ _id: new Types.ObjectId(id) })) === 1;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    asset = await fixtures.asset({ name: 'Truck 01' });
    formId = (
      await fixtures.form({
        name: 'Pre-trip',
        assetIds: [asset._id],
        fields: [{ fieldId: 'tyres', type: FieldType.Select, label: 'Tyres', required: true, options: [option('OK'), flat] }],
      })
    )._id.toHexString();
  });
  afterAll(() => t.close());

  it('removes an untouched orphan older than the grace, keeps every other order', async () => {
    const orphan = await submitted({ orphan: true });
    const complete = await submitted({ orphan: false });
    const young = await submitted({ orphan: true, age: 0 });
    const moved = await submitted({ orphan: true });
    await request(t.server).post(`/api/maintenance/work-orders/${moved}/transitions`).set(auth(tenant.admin.token)).send({ to: 'in_progress' }).expect(201);
    await orders().updateOne({ _id: new Types.ObjectId(moved) }, { $set: { updatedAt: hoursAgo(1), createdAt: hoursAgo(1) } });
    const edited = await submitted({ orphan: true });
    await request(t.server).patch(`/api/maintenance/work-orders/${edited}`).set(auth(tenant.admin.token)).send({ priority: 'urgent' }).expect(200);
    // Another client's orphan naming an inspection id that exists, but in this client's data.
    const inspectionOfComplete = (await orders().findOne({ _id: new Types.ObjectId(complete) }))!.inspection.inspectionId;
    const foreign = new Types.ObjectId();
    const template = (await orders().findOne({ _id: new Types.ObjectId(orphan) }))!;
    await orders().insertOne({
      ...template,
      _id: foreign,
      clientId: other.clientId,
      inspection: { ...template.inspection, inspectionId: inspectionOfComplete },
    });

    const removed = await t.app.get(OrphanWorkOrderSweep).sweep();

    expect(removed).toBe(2);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(foreign.toHexString())).toBe(false);
    for (const kept of [complete, young, moved, edited]) expect(await exists(kept)).toBe(true);
    // A second pass finds nothing more.
    expect(await t.app.get(OrphanWorkOrderSweep).sweep()).toBe(0);
  });
});
