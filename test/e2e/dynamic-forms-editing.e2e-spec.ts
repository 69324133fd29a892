import request from 'supertest';
import { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { FieldType } from '../../src/forms/form-field-types';
import { fleetFixtures, option } from '../factories/inspections.factory';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';

describe('POST, GET and PATCH /api/dynamic-forms', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: Stored<Asset>;
  let foreignAsset: Stored<Asset>;
  let group: { _id: Types.ObjectId };
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = (token: string, body: unknown) =>
    request(t.server)
      .post('/api/dynamic-forms')
      .set(auth(token))
      .send(body as object);
  const get = (token: string, id: string) => request(t.server).get(`/api/dynamic-forms/${id}`).set(auth(token));
  const patch = (token: string, id: string, body: unknown) =>
    request(t.server)
      .patch(`/api/dynamic-forms/${id}`)
      .set(auth(token))
      .send(body as object);
  const scan = (token: string) => request(t.server).get(`/api/inspections/scan/${asset._id.toHexString()}`).set(auth(token));
  const fields = [
    { fieldId: 'km', type: FieldType.Number, label: 'Odometer', required: true, min: 0 },
    { fieldId: 'leak', type: FieldType.Boolean, label: 'Oil leak?', criticalWhen: true },
  ];
  const valid = () => ({ name: 'Pre-trip', description: 'Daily', fields, assetIds: [asset._id.toHexString()] });
  const formsCount = () => t.connection.collection('dynamic_forms').countDocuments({ clientId: tenant.clientId });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    group = await fixtures.group('Reefers');
    asset = await fixtures.asset({ name: 'Truck 07' });
    const other = await createTenant(t.app);
    foreignAsset = await fleetFixtures(t.app, other.clientId).asset();
  });
  afterAll(() => t.close());

  it('creates a form at version 1 (201), readable by id, with an activity event', async () => {
    const res = await create(tenant.admin.token, { ...valid(), assetGroupIds: [group._id.toHexString()] }).expect(201);
    expect(res.body.data).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      clientId: tenant.clientId.toHexString(),
      version: 1,
      name: 'Pre-trip',
      status: 'active',
      assetIds: [asset._id.toHexString()],
      assetGroupIds: [group._id.toHexString()],
      allAssets: false,
      fields: [
        { fieldId: 'km', type: 'number', label: 'Odometer', required: true, min: 0 },
        { fieldId: 'leak', type: 'boolean', label: 'Oil leak?', required: false, criticalWhen: true },
      ],
    });
    expect((await get(tenant.admin.token, res.body.data._id).expect(200)).body.data).toEqual(res.body.data);
    const event = await t.connection.collection('activity_events').findOne({ resourceId: res.body.data._id, action: 'dynamic_form.create' });
    expect(event).toBeTruthy();
  });

  it('refuses bad definitions, foreign targets, unknown fields and archived creation (400), writing nothing', async () => {
    const before = await formsCount();
    const bad = [
      { ...valid(), fields: [] },
      { ...valid(), fields: [{ fieldId: 'a', type: 'text', label: 'A', maxStars: 3 }] },
      { ...valid(), fields: [{ fieldId: 'a', type: 'warp', label: 'A' }] },
      { ...valid(), assetIds: [foreignAsset._id.toHexString()] },
      { ...valid(), assetGroupIds: [new Types.ObjectId().toHexString()] },
      { ...valid(), assetIds: ['nope'] },
      { ...valid(), version: 3 },
      { ...valid(), status: 'archived' },
      { ...valid(), name: 42 },
      { fields },
    ];
    for (const body of bad) {
      const res = await create(tenant.admin.token, body);
      expect([res.status, body]).toEqual([400, body]);
      expect(typeof res.body.error).toBe('string');
    }
    const res = await create(tenant.admin.token, { ...valid(), assetIds: [foreignAsset._id.toHexString()] });
    expect(res.body.error).toContain('assetIds');
    expect(await formsCount()).toBe(before);
  });

  it('new fields make a new version; name and targets keep it; old versions keep their fields', async () => {
    const id = (await create(tenant.admin.token, valid()).expect(201)).body.data._id;
    const renamed = await patch(tenant.admin.token, id, { name: 'Pre-trip v1', allAssets: true }).expect(200);
    expect(renamed.body.data).toMatchObject({ name: 'Pre-trip v1', version: 1, allAssets: true });
    const same = await patch(tenant.admin.token, id, { fields }).expect(200);
    expect(same.body.data.version).toBe(1);
    const newFields = [...fields, { fieldId: 'tyres', type: FieldType.Select, label: 'Tyres', options: [option('OK'), option('Flat', true)] }];
    const v2 = await patch(tenant.admin.token, id, { fields: newFields }).expect(200);
    expect(v2.body.data.version).toBe(2);
    expect(v2.body.data.fields.map((f: { fieldId: string }) => f.fieldId)).toEqual(['km', 'leak', 'tyres']);
    const kept = await t.connection.collection('dynamic_form_versions').findOne({ formId: new Types.ObjectId(id), version: 1 });
    expect(kept!.fields.map((f: { fieldId: string }) => f.fieldId)).toEqual(['km', 'leak']);
    const invalid = await patch(tenant.admin.token, id, { fields: [{ fieldId: 'x', type: 'number', label: 'X', min: 5, max: 1 }] }).expect(400);
    expect(invalid.body.error).toContain('fields.0.min');
    expect((await get(tenant.admin.token, id)).body.data.version).toBe(2);
  });

  it('status: active ↔ inactive, then archived is final (409); scans see each change at once', async () => {
    const id = (await create(tenant.admin.token, valid()).expect(201)).body.data._id;
    const names = async () => (await scan(tenant.admin.token).expect(200)).body.data.forms.map((f: { _id: string }) => f._id);
    expect(await names()).toContain(id);
    await patch(tenant.admin.token, id, { status: 'inactive' }).expect(200);
    expect(await names()).not.toContain(id);
    await patch(tenant.admin.token, id, { status: 'active' }).expect(200);
    expect(await names()).toContain(id);
    const archived = await patch(tenant.admin.token, id, { status: 'archived' }).expect(200);
    expect(archived.body.data.status).toBe('archived');
    expect(await names()).not.toContain(id);
    for (const body of [{ status: 'active' }, { name: 'Back' }, { status: 'archived' }]) {
      const res = await patch(tenant.admin.token, id, body).expect(409);
      expect(res.body.error).toContain('archived');
    }
  });

  it('PATCH refuses empty, unknown and immutable fields (400)', async () => {
    const id = (await create(tenant.admin.token, valid()).expect(201)).body.data._id;
    for (const body of [
      {},
      { version: 5 },
      { clientId: new Types.ObjectId().toHexString() },
      { _id: id },
      { status: 'deleted' },
      { assetIds: [foreignAsset._id.toHexString()] },
    ]) {
      expect([(await patch(tenant.admin.token, id, body)).status, body]).toEqual([400, body]);
    }
  });

  it("401, 403, and 404 for another client's form or a malformed id", async () => {
    const id = (await create(tenant.admin.token, valid()).expect(201)).body.data._id;
    await request(t.server).get(`/api/dynamic-forms/${id}`).expect(401);
    await request(t.server).post('/api/dynamic-forms').send(valid()).expect(401);
    await patch('atk_revoked-or-unknown', id, { name: 'x' }).expect(401);
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    await get(viewer.token, id).expect(403);
    await create(viewer.token, valid()).expect(403);
    await patch(viewer.token, id, { name: 'x' }).expect(403);
    const other = await createTenant(t.app);
    const foreign = await get(other.admin.token, id).expect(404);
    expect(foreign.body).toEqual((await get(other.admin.token, new Types.ObjectId().toHexString()).expect(404)).body);
    await get(other.admin.token, 'not-an-id').expect(404);
    await patch(other.admin.token, id, { name: 'Hijacked' }).expect(404);
    expect((await get(tenant.admin.token, id)).body.data.name).toBe('Pre-trip');
  });

  it('the list keeps answering everything without limit', async () => {
    const res = await request(t.server).get('/api/dynamic-forms').set(auth(tenant.admin.token)).expect(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.page).toBeUndefined();
  });
});
