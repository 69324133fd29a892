import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { scopeOfClient, type Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { FieldType } from '../../src/forms/form-field-types';
import { QrCodesService } from '../../src/inspections/qr-codes/qr-codes.service';
import { fleetFixtures, option } from '../factories/inspections.factory';
import { createTenant, TestTenant, TestUser } from '../factories/tenant.factory';

describe('inspections: submit, list, read, and the loop to a work order', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let inspector: TestUser;
  let workshop: TestUser;
  let asset: Stored<Asset>;
  let outOfScope: Stored<Asset>;
  let formId: string;
  let code: string;
  let revoked: string;
  const flat = option('Flat', true);
  const ok = option('OK');
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const submit = (token: string, body: unknown) =>
    request(t.server)
      .post('/api/inspections')
      .set(auth(token))
      .send(body as object);
  const answers = (tyres = ok.optionId) => [
    { fieldId: 'km', value: 120_000 },
    { fieldId: 'tyres', value: tyres },
  ];
  const count = (name: string) => t.connection.collection(name).countDocuments({ clientId: tenant.clientId });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const [mine, other] = [await fixtures.tracker(), await fixtures.tracker()];
    asset = await fixtures.asset({ name: 'Truck 01', mainTrackerId: mine._id });
    outOfScope = await fixtures.asset({ name: 'Van 03', mainTrackerId: other._id });
    formId = (
      await fixtures.form({
        name: 'Pre-trip',
        assetIds: [asset._id, outOfScope._id],
        fields: [
          { fieldId: 'km', type: FieldType.Number, label: 'Odometer', required: true, min: 0 },
          { fieldId: 'tyres', type: FieldType.Select, label: 'Tyres', required: true, options: [ok, flat] },
        ],
      })
    )._id.toHexString();
    inspector = await tenant.addUser({ permissions: [Permission.Inspections], trackerIds: [mine._id] });
    workshop = await tenant.addUser({ permissions: [Permission.Maintenance], trackerIds: [mine._id] });
    const qrCodes = t.app.get(QrCodesService);
    const scope = scopeOfClient(tenant.clientId);
    const first = await qrCodes.issue(scope, asset._id);
    revoked = first.code;
    code = (await qrCodes.replace(scope, first))!.code;
  });
  afterAll(() => t.close());

  it('the loop through HTTP: scan → critical inspection → work order → in progress → done', async () => {
    const scan = await request(t.server).get(`/api/inspections/scan/${code.toLowerCase()}`).set(auth(inspector.token)).expect(200);
    expect(scan.body.data.forms.map((f: { _id: string }) => f._id)).toContain(formId);
    const submitted = await submit(inspector.token, {
      code,
      formId,
      answers: answers(flat.optionId),
      odometerKm: 120_000,
      location: { lat: -33.45, lng: -70.66 },
    }).expect(201);
    const inspection = submitted.body.data;
    expect(inspection).toMatchObject({
      assetId: asset._id.toHexString(),
      formVersion: 1,
      critical: true,
      criticalFieldIds: ['tyres'],
      inspectorId: inspector.user._id.toHexString(),
      workOrderId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    await request(t.server).get(`/api/maintenance/work-orders/${inspection.workOrderId}`).set(auth(inspector.token)).expect(403);

    const orders = await request(t.server)
      .get(`/api/maintenance/work-orders?category=inspection&assetId=${asset._id.toHexString()}`)
      .set(auth(workshop.token))
      .expect(200);
    expect(orders.body.data.map((o: { id: string }) => o.id)).toEqual([inspection.workOrderId]);
    const order = (await request(t.server).get(`/api/maintenance/work-orders/${inspection.workOrderId}`).set(auth(workshop.token)).expect(200)).body.data;
    expect(order).toMatchObject({
      category: 'inspection',
      priority: 'high',
      status: 'open',
      inspection: { id: inspection.id, formId, formVersion: 1, criticalFieldIds: ['tyres'] },
    });
    for (const [to, note] of [
      ['in_progress', 'In the workshop'],
      ['done', 'Tyre replaced'],
    ]) {
      await request(t.server).post(`/api/maintenance/work-orders/${order.id}/transitions`).set(auth(workshop.token)).send({ to, note }).expect(201);
    }
    const done = (await request(t.server).get(`/api/maintenance/work-orders/${order.id}`).set(auth(workshop.token)).expect(200)).body.data;
    expect(done.status).toBe('done');
    expect(done.history.map((h: { to: string }) => h.to)).toEqual(['in_progress', 'done']);
    const read = await request(t.server).get(`/api/inspections/${inspection.id}`).set(auth(inspector.token)).expect(200);
    expect(read.body.data).toMatchObject({
      workOrderId: order.id,
      fields: [{ fieldId: 'km' }, { fieldId: 'tyres', options: [{ optionId: ok.optionId }, { optionId: flat.optionId, critical: true }] }],
    });
  });

  it('a non-critical inspection by asset id opens nothing', async () => {
    const orders = await count('work_orders');
    const res = await submit(inspector.token, { assetId: asset._id.toHexString(), formId, answers: answers() }).expect(201);
    expect(res.body.data).toMatchObject({ critical: false, workOrderId: null, qrCodeId: null, location: null, odometerKm: null });
    expect(await count('work_orders')).toBe(orders);
  });

  it('reading an old inspection shows the fields of its version', async () => {
    const id = (await submit(inspector.token, { assetId: asset._id.toHexString(), formId, answers: answers() }).expect(201)).body.data.id;
    const newFields = [{ fieldId: 'km', type: 'number', label: 'Kilometres', required: true }];
    await request(t.server).patch(`/api/dynamic-forms/${formId}`).set(auth(tenant.admin.token)).send({ fields: newFields }).expect(200);
    const read = await request(t.server).get(`/api/inspections/${id}`).set(auth(inspector.token)).expect(200);
    expect(read.body.data.formVersion).toBe(1);
    expect(read.body.data.fields.map((f: { label: string }) => f.label)).toEqual(['Odometer', 'Tyres']);
    await request(t.server)
      .patch(`/api/dynamic-forms/${formId}`)
      .set(auth(tenant.admin.token))
      .send({ fields: read.body.data.fields as object[] })
      .expect(200);
  });

  it('field errors (400, shape A), inapplicable forms, both/neither asset keys; nothing written', async () => {
    const before = [await count('inspections'), await count('work_orders')];
    const res = await submit(inspector.token, {
      assetId: asset._id.toHexString(),
      formId,
      answers: [
        { fieldId: 'km', value: -1 },
        { fieldId: 'nope', value: 1 },
      ],
    }).expect(400);
    expect(res.body.error).toEqual(expect.stringContaining('answers.0.value'));
    const other = await fleetFixtures(t.app, tenant.clientId).form({ name: 'Other asset only', assetIds: [new Types.ObjectId()] });
    for (const body of [
      { assetId: asset._id.toHexString(), formId: other._id.toHexString(), answers: [] },
      { assetId: asset._id.toHexString(), code, formId, answers: answers() },
      { formId, answers: answers() },
      { assetId: asset._id.toHexString(), formId, answers: answers(), extra: 1 },
      { assetId: asset._id.toHexString(), formId, answers: answers(), location: { lat: 100, lng: 0 } },
      { code: 'not a code', formId, answers: answers() },
    ]) {
      expect([(await submit(inspector.token, body)).status, body]).toEqual([400, body]);
    }
    expect([await count('inspections'), await count('work_orders')]).toEqual(before);
  });

  it('revoked code 410, unknown/foreign/out-of-scope 404 as the scan; 401; 403', async () => {
    expect((await submit(inspector.token, { code: revoked, formId, answers: answers() }).expect(410)).body.code).toBe('INSPECTION_QR_REVOKED');
    expect((await submit(inspector.token, { code: 'ZZZZZZZZ', formId, answers: answers() }).expect(404)).body.code).toBe('INSPECTION_QR_NOT_FOUND');
    await submit(inspector.token, { assetId: outOfScope._id.toHexString(), formId, answers: answers() }).expect(404);
    const other = await createTenant(t.app);
    expect((await submit(other.admin.token, { code, formId, answers: answers() }).expect(404)).body.code).toBe('INSPECTION_QR_NOT_FOUND');
    await submit(other.admin.token, { assetId: asset._id.toHexString(), formId, answers: answers() }).expect(404);
    await request(t.server).post('/api/inspections').send({ code, formId, answers: answers() }).expect(401);
    await submit('atk_nope', { code, formId, answers: answers() }).expect(401);
    await submit(workshop.token, { code, formId, answers: answers() }).expect(403);
  });

  it('all or nothing: when the inspection cannot be written, the work order is withdrawn', async () => {
    const inspections = t.connection.collection('inspections');
    // A fault on purpose: a sparse unique index that an inspection with this odometer reading
    // violates (a stray document outside any client already holds the reading).
    await inspections.insertOne({ odometerKm: 987_654.5, stray: true });
    await inspections.createIndex({ odometerKm: 1 }, { unique: true, sparse: true, name: 'fault' });
    const before = [await count('inspections'), await count('work_orders')];
    try {
      const res = await submit(inspector.token, { assetId: asset._id.toHexString(), formId, answers: answers(flat.optionId), odometerKm: 987_654.5 });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect([await count('inspections'), await count('work_orders')]).toEqual(before);
    } finally {
      await inspections.dropIndex('fault');
      await inspections.deleteOne({ stray: true });
    }
  });

  it('all or nothing: when the work order cannot be written, no inspection is stored', async () => {
    const orders = t.connection.collection('work_orders');
    await orders.createIndex({ clientId: 1 }, { unique: true, partialFilterExpression: { clientId: tenant.clientId }, name: 'fault' });
    const before = [await count('inspections'), await count('work_orders')];
    try {
      expect((await submit(inspector.token, { assetId: asset._id.toHexString(), formId, answers: answers(flat.optionId) })).status).toBeGreaterThanOrEqual(500);
      expect([await count('inspections'), await count('work_orders')]).toEqual(before);
    } finally {
      await orders.dropIndex('fault');
    }
  });

  it('list: filters, cursor pages, tracker scope; 400 for bad filters; get: 404s', async () => {
    const ids = async (token: string, query: string) =>
      (await request(t.server).get(`/api/inspections${query}`).set(auth(token)).expect(200)).body.data.map((i: { id: string }) => i.id);
    const all = await ids(tenant.admin.token, '');
    expect(all.length).toBeGreaterThanOrEqual(3);
    const critical = await ids(tenant.admin.token, '?critical=true');
    expect(critical).toHaveLength(1);
    expect(await ids(tenant.admin.token, `?inspectorId=${tenant.admin.user._id.toHexString()}`)).toEqual([]);
    expect(await ids(tenant.admin.token, `?from=${new Date(Date.now() + 60_000).toISOString()}`)).toEqual([]);
    expect(await ids(inspector.token, `?assetId=${outOfScope._id.toHexString()}`)).toEqual([]);
    const page = await request(t.server).get('/api/inspections?limit=1').set(auth(tenant.admin.token)).expect(200);
    expect(page.body.page.nextCursor).toEqual(expect.any(String));
    for (const query of ['?critical=yes', '?colour=red', '?from=yesterday', '?limit=0', '?assetId=1']) {
      expect([(await request(t.server).get(`/api/inspections${query}`).set(auth(tenant.admin.token))).status, query]).toEqual([400, query]);
    }
    const other = await createTenant(t.app);
    expect(await ids(other.admin.token, '')).toEqual([]);
    await request(t.server).get(`/api/inspections/${critical[0]}`).set(auth(other.admin.token)).expect(404);
    await request(t.server).get('/api/inspections/zzz').set(auth(inspector.token)).expect(404);
    await request(t.server).get(`/api/inspections/${critical[0]}`).set(auth(workshop.token)).expect(403);
    await request(t.server).get('/api/inspections').expect(401);
  });
  describe('retries with an Idempotency-Key', () => {
    const keyed = (token: string, key: string, body: unknown) => submit(token, body).set('Idempotency-Key', key);
    const criticalEvents = () => t.connection.collection('fleet_events').countDocuments({ clientId: tenant.clientId, type: 'inspection.critical' });

    it('answers a retry the inspection its first attempt stored: one inspection, one work order, one event', async () => {
      const body = { assetId: asset._id.toHexString(), formId, answers: answers(flat.optionId), location: { lat: -33.45, lng: -70.66 } };
      const before = await Promise.all([count('inspections'), count('work_orders'), criticalEvents()]);
      const first = (await keyed(inspector.token, 'retry-0001-aaaa', body).expect(201)).body.data;
      const retry = (await keyed(inspector.token, 'retry-0001-aaaa', body).expect(201)).body.data;
      expect(retry).toEqual(first);
      expect(await Promise.all([count('inspections'), count('work_orders'), criticalEvents()])).toEqual([before[0] + 1, before[1] + 1, before[2] + 1]);
      // Without the key a retry is a new submission, as it always was.
      const unkeyed = (await submit(inspector.token, body).expect(201)).body.data;
      expect(unkeyed.id).not.toBe(first.id);
    });

    it('answers two attempts sent at once with one inspection', async () => {
      const body = { assetId: asset._id.toHexString(), formId, answers: answers(flat.optionId) };
      const before = await Promise.all([count('inspections'), count('work_orders')]);
      const answersOf = await Promise.all([
        keyed(inspector.token, 'at-once-0002', body),
        keyed(inspector.token, 'at-once-0002', body),
        keyed(inspector.token, 'at-once-0002', body),
      ]);
      expect(answersOf.map((res) => res.status)).toEqual([201, 201, 201]);
      expect(new Set(answersOf.map((res) => res.body.data.id)).size).toBe(1);
      expect(await Promise.all([count('inspections'), count('work_orders')])).toEqual([before[0] + 1, before[1] + 1]);
    });

    it('refuses the key with another submission (409), keeps keys per inspector, and refuses a malformed key (400)', async () => {
      const body = { assetId: asset._id.toHexString(), formId, answers: answers() };
      const first = (await keyed(inspector.token, 'mine-0003-key', body).expect(201)).body.data;
      const other = await keyed(inspector.token, 'mine-0003-key', { ...body, answers: answers(flat.optionId) });
      expect([other.status, other.body]).toEqual([
        409,
        { error: 'This Idempotency-Key was already used for another inspection: send a new key for a new inspection' },
      ]);
      const colleague = await tenant.addUser({ permissions: [Permission.Inspections] });
      const theirs = (await keyed(colleague.token, 'mine-0003-key', body).expect(201)).body.data;
      expect(theirs.id).not.toBe(first.id);
      const before = await count('inspections');
      for (const bad of ['short', 'has spaces in it', 'x'.repeat(101)]) {
        const res = await keyed(inspector.token, bad, body);
        expect([bad, res.status, res.body]).toEqual([bad, 400, { error: 'Idempotency-Key must be 8 to 100 letters, digits, or . _ : -' }]);
      }
      expect(await count('inspections')).toBe(before);
    });
  });
});
