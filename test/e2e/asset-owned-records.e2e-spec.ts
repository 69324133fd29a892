import request from 'supertest';
import type { Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, TestTenant, TestUser } from '../factories/tenant.factory';

/**
 * Records that belong to an asset (work orders, inspections) are scoped in one place, their
 * repository: the same answer in the list and by id, for archived assets too (their history stays
 * readable), and nothing of an asset outside the caller's trackers or of another client.
 */
describe('asset-owned records: one rule for lists and lookups', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let inScope: TestUser;
  let outOfScope: TestUser;
  let archived: Stored<Asset>;
  let orderId: string;
  let inspectionId: string;
  let formId: string;
  let code: string;
  const get = (token: string, path: string) => request(t.server).get(path).set('Authorization', `Bearer ${token}`);
  const listedIds = async (token: string, path: string) => ((await get(token, path).expect(200)).body.data as Array<{ id: string }>).map((record) => record.id);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const [tracker, otherTracker] = [await fixtures.tracker(), await fixtures.tracker()];
    archived = await fixtures.asset({ name: 'Camión archivado', mainTrackerId: tracker._id });
    inScope = await tenant.addUser({ trackerIds: [tracker._id] });
    outOfScope = await tenant.addUser({ trackerIds: [otherTracker._id] });
    const form = await fixtures.form({ allAssets: true });
    formId = form._id.toHexString();
    const admin = tenant.admin.token;
    const assetId = archived._id.toHexString();
    code = (await request(t.server).post(`/api/assets/${assetId}/qr-codes`).set('Authorization', `Bearer ${admin}`).expect(201)).body.data.code;
    orderId = (
      await request(t.server)
        .post('/api/maintenance/work-orders')
        .set('Authorization', `Bearer ${admin}`)
        .send({ assetId, category: 'preventive', title: 'Oil change' })
        .expect(201)
    ).body.data.id;
    inspectionId = (
      await request(t.server)
        .post('/api/inspections')
        .set('Authorization', `Bearer ${admin}`)
        .send({ assetId, formId: form._id.toHexString(), answers: [] })
        .expect(201)
    ).body.data.id;
    await request(t.server).delete(`/api/assets/${assetId}`).set('Authorization', `Bearer ${admin}`).expect(200);
  });
  afterAll(() => t.close());

  describe.each([
    ['work orders', '/api/maintenance/work-orders', () => orderId],
    ['inspections', '/api/inspections', () => inspectionId],
  ])('%s of an archived asset', (_name, path, id) => {
    it('stay readable in the list and by id alike', async () => {
      for (const token of [tenant.admin.token, inScope.token]) {
        expect(await listedIds(token, path)).toContain(id());
        expect(await listedIds(token, `${path}?assetId=${archived._id.toHexString()}`)).toEqual([id()]);
        expect((await get(token, `${path}/${id()}`).expect(200)).body.data.id).toBe(id());
      }
    });

    it('are neither listed nor found for a user whose trackers exclude the asset', async () => {
      expect(await listedIds(outOfScope.token, path)).not.toContain(id());
      expect(await listedIds(outOfScope.token, `${path}?assetId=${archived._id.toHexString()}`)).toEqual([]);
      await get(outOfScope.token, `${path}/${id()}`).expect(404);
    });

    it('are neither listed nor found for another client', async () => {
      const other = await createTenant(t.app);
      expect(await listedIds(other.admin.token, path)).toEqual([]);
      await get(other.admin.token, `${path}/${id()}`).expect(404);
    });
  });

  it('refuses new records of an archived asset as it refuses an unknown one', async () => {
    const assetId = archived._id.toHexString();
    const post = (path: string, body: object) => request(t.server).post(path).set('Authorization', `Bearer ${tenant.admin.token}`).send(body);
    const created = await post('/api/maintenance/work-orders', { assetId, category: 'preventive', title: 'Brakes' }).expect(400);
    expect(created.body.error).toMatch(/assetId/);
    await get(tenant.admin.token, `/api/inspections/scan/${assetId}`).expect(404);
    expect((await get(tenant.admin.token, `/api/inspections/scan/${code}`).expect(404)).body.code).toBe('INSPECTION_QR_NOT_FOUND');
    await post('/api/inspections', { assetId, formId, answers: [] }).expect(404);
    expect((await post('/api/inspections', { code, formId, answers: [] }).expect(404)).body.code).toBe('INSPECTION_QR_NOT_FOUND');
    await post(`/api/assets/${assetId}/qr-codes`, {}).expect(409);
    expect(await listedIds(tenant.admin.token, `/api/maintenance/work-orders?assetId=${assetId}`)).toEqual([orderId]);
    expect(await listedIds(tenant.admin.token, `/api/inspections?assetId=${assetId}`)).toEqual([inspectionId]);
  });

  it('keeps what was made before the archive workable: its open work order can still be closed', async () => {
    const moved = await request(t.server)
      .post(`/api/maintenance/work-orders/${orderId}/transitions`)
      .set('Authorization', `Bearer ${inScope.token}`)
      .send({ to: 'cancelled', note: 'Asset sold' })
      .expect(201);
    expect(moved.body.data).toMatchObject({ id: orderId, status: 'cancelled' });
    await request(t.server)
      .post(`/api/maintenance/work-orders/${orderId}/transitions`)
      .set('Authorization', `Bearer ${outOfScope.token}`)
      .send({ to: 'open', note: 'x' })
      .expect(404);
  });
});
