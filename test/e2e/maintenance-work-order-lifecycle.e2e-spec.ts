import request from 'supertest';
import { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { FieldType } from '../../src/forms/form-field-types';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';

describe('work orders: list, detail, edit, transitions and categories', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let operator: TestUser;
  let asset: Stored<Asset>;
  let outOfScope: Stored<Asset>;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const base = '/api/maintenance/work-orders';
  const create = async (body: Record<string, unknown> = {}, token = tenant.admin.token) =>
    (
      await request(t.server)
        .post(base)
        .set(auth(token))
        .send({ assetId: asset._id.toHexString(), category: 'preventive', title: 'Oil change', ...body })
        .expect(201)
    ).body.data;
  const list = (token: string, query = '') => request(t.server).get(`${base}${query}`).set(auth(token));
  const get = (token: string, id: string) => request(t.server).get(`${base}/${id}`).set(auth(token));
  const patch = (token: string, id: string, body: unknown) =>
    request(t.server)
      .patch(`${base}/${id}`)
      .set(auth(token))
      .send(body as object);
  const move = (token: string, id: string, body: unknown) =>
    request(t.server)
      .post(`${base}/${id}/transitions`)
      .set(auth(token))
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const [mine, other] = [await fixtures.tracker(), await fixtures.tracker()];
    asset = await fixtures.asset({ name: 'Truck 01', mainTrackerId: mine._id });
    outOfScope = await fixtures.asset({ name: 'Van 03', mainTrackerId: other._id });
    operator = await tenant.addUser({ trackerIds: [mine._id] });
  });
  afterAll(() => t.close());

  describe('list', () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      ids = {
        oil: (await create({ title: 'Oil change', priority: 'low', dueDate: '2026-01-10' })).id,
        brakes: (await create({ title: 'Brake pads', category: 'brakes', priority: 'urgent', dueDate: '2026-03-01' })).id,
        hidden: (await create({ title: 'Oil leak van', assetId: outOfScope._id.toHexString() })).id,
      };
    });

    it('newest first, with cursor pages', async () => {
      const first = await list(tenant.admin.token, '?limit=2').expect(200);
      expect(first.body.data.map((o: { id: string }) => o.id)).toEqual([ids.hidden, ids.brakes]);
      expect(first.body.page.nextCursor).toEqual(expect.any(String));
      const next = await list(tenant.admin.token, `?limit=2&cursor=${first.body.page.nextCursor}`).expect(200);
      expect(next.body.data.map((o: { id: string }) => o.id)).toContain(ids.oil);
    });

    it("filters by status, category, priority, dueBefore, q and asset; only assets in the caller's trackers", async () => {
      const idsOf = async (token: string, query: string) => (await list(token, query).expect(200)).body.data.map((o: { id: string }) => o.id);
      expect(await idsOf(tenant.admin.token, '?category=BRAKES')).toEqual([ids.brakes]);
      expect(await idsOf(tenant.admin.token, '?priority=low')).toEqual([ids.oil]);
      expect(await idsOf(tenant.admin.token, '?dueBefore=2026-02-01')).toEqual([ids.oil]);
      expect(await idsOf(tenant.admin.token, '?q=oil')).toEqual([ids.hidden, ids.oil]);
      expect(await idsOf(tenant.admin.token, '?q=(.*')).toEqual([]);
      expect(await idsOf(tenant.admin.token, '?status=done')).toEqual([]);
      expect(await idsOf(operator.token, '?q=oil')).toEqual([ids.oil]);
      expect(await idsOf(operator.token, `?assetId=${outOfScope._id.toHexString()}`)).toEqual([]);
      expect(await idsOf(tenant.admin.token, `?assetId=${outOfScope._id.toHexString()}`)).toEqual([ids.hidden]);
      const other = await createTenant(t.app);
      expect(await idsOf(other.admin.token, '')).toEqual([]);
    });

    it('400 for unknown filters and bad values; 401; 403', async () => {
      for (const query of [
        '?colour=red',
        '?status=closed',
        '?limit=0',
        '?limit=201',
        '?dueBefore=2026-02-30',
        '?assetId=x',
        '?cursor=!!',
        '?status=open&status=done',
      ]) {
        expect([(await list(tenant.admin.token, query)).status, query]).toEqual([400, query]);
      }
      await request(t.server).get(base).expect(401);
      await list('atk_nope', '').expect(401);
      const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
      await list(viewer.token, '').expect(403);
    });
  });

  describe('detail', () => {
    it('shows the form entries with the fields of the version they answered', async () => {
      const fixtures = fleetFixtures(t.app, tenant.clientId);
      const form = await fixtures.form({ name: 'Checklist', fields: [{ fieldId: 'ok', type: FieldType.Boolean, label: 'All OK?', required: true }] });
      const order = await create();
      await request(t.server)
        .post(`${base}/${order.id}/forms`)
        .set(auth(tenant.admin.token))
        .send({ formId: form._id.toHexString(), answers: [{ fieldId: 'ok', value: true }] })
        .expect(201);
      await request(t.server)
        .patch(`/api/dynamic-forms/${form._id.toHexString()}`)
        .set(auth(tenant.admin.token))
        .send({ fields: [{ fieldId: 'tyres', type: 'number', label: 'Tyre pressure' }] })
        .expect(200);
      const res = await get(tenant.admin.token, order.id).expect(200);
      expect(res.body.data.forms[0]).toMatchObject({ formVersion: 1, fields: [{ fieldId: 'ok', label: 'All OK?', type: 'boolean', required: true }] });
      expect(res.body.data.inspection).toBeNull();
    });

    it("404 for another client's order, an out-of-scope asset, a malformed id; 403 without the permission", async () => {
      const hidden = await create({ assetId: outOfScope._id.toHexString() });
      const unknown = (await get(tenant.admin.token, new Types.ObjectId().toHexString()).expect(404)).body;
      expect((await get(operator.token, hidden.id).expect(404)).body).toEqual(unknown);
      const other = await createTenant(t.app);
      expect((await get(other.admin.token, hidden.id).expect(404)).body).toEqual(unknown);
      await get(tenant.admin.token, 'zzz').expect(404);
      const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
      await get(viewer.token, hidden.id).expect(403);
      await request(t.server).get(`${base}/${hidden.id}`).expect(401);
    });
  });

  describe('edit', () => {
    it('changes title, priority, due date and assignee; null clears; records an event', async () => {
      const order = await create({ dueDate: '2026-05-01' });
      const res = await patch(tenant.admin.token, order.id, { title: 'Oil and filter', priority: 'high', assigneeId: operator.user._id.toHexString() }).expect(
        200,
      );
      expect(res.body.data).toMatchObject({
        title: 'Oil and filter',
        priority: 'high',
        assigneeId: operator.user._id.toHexString(),
        dueDate: '2026-05-01',
        status: 'open',
      });
      const cleared = await patch(tenant.admin.token, order.id, { dueDate: null, assigneeId: null }).expect(200);
      expect(cleared.body.data).toMatchObject({ dueDate: null, assigneeId: null });
      expect(await t.connection.collection('activity_events').countDocuments({ resourceId: order.id, action: 'work_order.update' })).toBe(2);
    });

    it('400 for an assignee of another client, empty, unknown, immutable or null-not-allowed fields; 404s', async () => {
      const order = await create();
      const other = await createTenant(t.app);
      for (const body of [
        {},
        { assigneeId: other.admin.user._id.toHexString() },
        { status: 'done' },
        { assetId: asset._id.toHexString() },
        { title: null },
        { priority: 'soon' },
        { dueDate: '31/12/2026' },
      ]) {
        expect([(await patch(tenant.admin.token, order.id, body)).status, body]).toEqual([400, body]);
      }
      await patch(other.admin.token, order.id, { title: 'x' }).expect(404);
      const hidden = await create({ assetId: outOfScope._id.toHexString() });
      await patch(operator.token, hidden.id, { title: 'x' }).expect(404);
      expect((await get(tenant.admin.token, order.id)).body.data.title).toBe('Oil change');
    });
  });

  describe('transitions', () => {
    it('open → in_progress → done → open (with a note) → cancelled, each kept in the history', async () => {
      const order = await create();
      await move(tenant.admin.token, order.id, { to: 'in_progress' }).expect(201);
      await move(operator.token, order.id, { to: 'done', note: 'Filter replaced' }).expect(201);
      const noNote = await move(tenant.admin.token, order.id, { to: 'open' }).expect(400);
      expect(noNote.body.error).toContain('note');
      await move(tenant.admin.token, order.id, { to: 'open', note: 'Still leaking' }).expect(201);
      const res = await move(tenant.admin.token, order.id, { to: 'cancelled' }).expect(201);
      expect(res.body.data.status).toBe('cancelled');
      expect(res.body.data.history.map((h: { from: string; to: string }) => `${h.from}→${h.to}`)).toEqual([
        'open→in_progress',
        'in_progress→done',
        'done→open',
        'open→cancelled',
      ]);
      expect(res.body.data.history[1]).toMatchObject({ note: 'Filter replaced', by: operator.user._id.toHexString(), at: expect.any(String) });
      expect(await t.connection.collection('activity_events').countDocuments({ resourceId: order.id, action: 'work_order.transition' })).toBe(4);
    });

    it('409 for a move the life cycle does not allow, nothing changed', async () => {
      const order = await create();
      for (const to of ['done', 'open']) expect((await move(tenant.admin.token, order.id, { to }).expect(409)).body.error).toContain(`from open to ${to}`);
      await move(tenant.admin.token, order.id, { to: 'cancelled' }).expect(201);
      for (const to of ['open', 'in_progress', 'done', 'cancelled']) await move(tenant.admin.token, order.id, { to }).expect(409);
      expect((await get(tenant.admin.token, order.id)).body.data.history).toHaveLength(1);
    });

    it('400 for bad bodies, 404 for other clients and out of scope, 403, 401', async () => {
      const order = await create();
      for (const body of [{}, { to: 'closed' }, { to: 'done', extra: 1 }, { to: 'in_progress', note: 5 }]) {
        expect([(await move(tenant.admin.token, order.id, body)).status, body]).toEqual([400, body]);
      }
      const other = await createTenant(t.app);
      await move(other.admin.token, order.id, { to: 'in_progress' }).expect(404);
      const hidden = await create({ assetId: outOfScope._id.toHexString() });
      await move(operator.token, hidden.id, { to: 'in_progress' }).expect(404);
      const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
      await move(viewer.token, order.id, { to: 'in_progress' }).expect(403);
      await request(t.server).post(`${base}/${order.id}/transitions`).send({ to: 'in_progress' }).expect(401);
      expect((await get(tenant.admin.token, order.id)).body.data.status).toBe('open');
    });
  });

  describe('categories', () => {
    const categories = (token: string) => request(t.server).get(`${base}/categories`).set(auth(token));
    const add = (token: string, body: unknown) =>
      request(t.server)
        .post(`${base}/categories`)
        .set(auth(token))
        .send(body as object);
    const remove = (token: string, name: string) =>
      request(t.server)
        .delete(`${base}/categories/${encodeURIComponent(name)}`)
        .set(auth(token));

    it('adds (201), refuses repeats in any case (409), removes an unused one (200)', async () => {
      expect((await add(tenant.admin.token, { name: 'Revisión técnica' }).expect(201)).body.data).toEqual({ name: 'Revisión técnica' });
      expect((await categories(tenant.admin.token)).body.data).toContain('Revisión técnica');
      await add(tenant.admin.token, { name: 'REVISIÓN TÉCNICA' }).expect(409);
      await add(tenant.admin.token, { name: 'Brakes' }).expect(409);
      expect((await remove(tenant.admin.token, 'revisión técnica').expect(200)).body.data).toEqual({ id: 'Revisión técnica' });
      expect((await categories(tenant.admin.token)).body.data).not.toContain('Revisión técnica');
    });

    it("409 for a default and for one used by an open order; 404 unknown or another client's", async () => {
      await add(tenant.admin.token, { name: 'gps_tracker' }).expect(201);
      const order = await create({ category: 'gps_tracker' });
      expect((await remove(tenant.admin.token, 'gps_tracker').expect(409)).body.error).toContain('open work orders');
      expect((await remove(tenant.admin.token, 'brakes').expect(409)).body.error).toContain('default');
      const other = await createTenant(t.app);
      await remove(other.admin.token, 'gps_tracker').expect(404);
      await remove(tenant.admin.token, 'never-added').expect(404);
      await move(tenant.admin.token, order.id, { to: 'cancelled' }).expect(201);
      await remove(tenant.admin.token, 'gps_tracker').expect(200);
    });

    it('400 for bad bodies; 401; 403', async () => {
      for (const body of [{}, { name: '' }, { name: 5 }, { name: 'x'.repeat(101) }, { name: 'ok', other: 1 }]) {
        expect([(await add(tenant.admin.token, body)).status, body]).toEqual([400, body]);
      }
      await request(t.server).post(`${base}/categories`).send({ name: 'x' }).expect(401);
      const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
      await add(viewer.token, { name: 'x' }).expect(403);
      await remove(viewer.token, 'x').expect(403);
    });
  });
});
