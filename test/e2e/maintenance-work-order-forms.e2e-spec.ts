import request from 'supertest';
import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ActivityEvent } from '@app/activity';
import type { Stored } from '@app/database';
import { createTestApp, TestApp } from '@app/testing';
import { clientToday } from '@app/formats';
import { FieldType } from '../../src/forms/form-field-types';
import type { DynamicForm } from '../../src/forms/schemas/dynamic-form.schema';
import { WorkOrder } from '../../src/maintenance/schemas/work-order.schema';
import { fleetFixtures, option } from '../factories/inspections.factory';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';

const ok = option('OK');
const leak = option('Leak', true);
const [front, rear, none] = [option('Front'), option('Rear'), option('None', true)];

const FIELDS = [
  { fieldId: 'driver', type: FieldType.Text, label: 'Driver', required: true, minLength: 3, maxLength: 20 },
  { fieldId: 'odometer', type: FieldType.Number, label: 'Odometer', required: true, min: 0, max: 999_999 },
  { fieldId: 'oil', type: FieldType.Select, label: 'Oil', required: false, options: [ok, leak] },
  { fieldId: 'lights', type: FieldType.Checkbox, label: 'Lights', required: false, minChecked: 1, maxChecked: 2, options: [front, rear, none] },
  { fieldId: 'alarm', type: FieldType.Boolean, label: 'Alarm on', required: false, criticalWhen: true },
  { fieldId: 'clean', type: FieldType.Stars, label: 'Cleanliness', required: false, maxStars: 3 },
  { fieldId: 'inspected', type: FieldType.Date, label: 'Inspected on', required: false, disableFuture: true },
  { fieldId: 'next', type: FieldType.Date, label: 'Next service', required: false, disablePast: true },
  { fieldId: 'photos', type: FieldType.File, label: 'Photos', required: false, maxFiles: 2, allowedExtensions: ['jpg', 'png'] },
];

describe('POST /api/maintenance/work-orders/{id}/forms', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let operator: TestUser;
  let orders: Model<WorkOrder>;
  let form: Stored<DynamicForm>;
  let workOrderId: string;
  let today: string;
  let outOfScopeAssetId: Types.ObjectId;
  const add = (id: string, token: string, body: unknown) =>
    request(t.server)
      .post(`/api/maintenance/work-orders/${id}/forms`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const minimal = () => [
    { fieldId: 'driver', value: 'Ana Soto' },
    { fieldId: 'odometer', value: 120_500 },
  ];
  const body = (answers: unknown[] = minimal()) => ({ formId: form._id.toHexString(), answers });
  const newWorkOrder = async (assetId: Types.ObjectId, token = tenant.admin.token) =>
    (
      await request(t.server)
        .post('/api/maintenance/work-orders')
        .set('Authorization', `Bearer ${token}`)
        .send({ assetId: assetId.toHexString(), category: 'inspection', title: 'Check' })
        .expect(201)
    ).body.data.id as string;

  beforeAll(async () => {
    t = await createTestApp();
    orders = t.app.get(getModelToken(WorkOrder.name));
    tenant = await createTenant(t.app);
    today = clientToday('America/Santiago');
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const [mine, other] = [await fixtures.tracker(), await fixtures.tracker()];
    operator = await tenant.addUser({ trackerIds: [mine._id] });
    const asset = await fixtures.asset({ mainTrackerId: mine._id });
    form = await fixtures.form({ name: 'Pre-trip', fields: FIELDS, assetIds: [asset._id] });
    workOrderId = await newWorkOrder(asset._id);
    outOfScopeAssetId = (await fixtures.asset({ mainTrackerId: other._id }))._id;
  });
  afterAll(() => t.close());

  it('201: stores the answers in form order with the critical flag, raises the work order’s flag, records an activity event', async () => {
    const res = await add(
      workOrderId,
      tenant.admin.token,
      body([
        { fieldId: 'photos', value: ['https://files.test/a.jpg', 'b.PNG'] },
        { fieldId: 'oil', value: leak.optionId },
        { fieldId: 'lights', value: [front.optionId, rear.optionId] },
        { fieldId: 'alarm', value: false },
        { fieldId: 'clean', value: 3 },
        { fieldId: 'inspected', value: today },
        ...minimal(),
      ]),
    ).expect(201);
    const order = res.body.data;
    expect(order).toMatchObject({ id: workOrderId, hasCriticalAnswers: true });
    expect(order.forms).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        formId: form._id.toHexString(),
        formVersion: 1,
        formName: 'Pre-trip',
        critical: true,
        criticalFieldIds: ['oil'],
        submittedBy: tenant.admin.user._id.toHexString(),
        submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        answers: [
          { fieldId: 'driver', type: 'text', label: 'Driver', value: 'Ana Soto', critical: false },
          { fieldId: 'odometer', type: 'number', label: 'Odometer', value: 120_500, critical: false },
          { fieldId: 'oil', type: 'select', label: 'Oil', value: leak.optionId, critical: true },
          { fieldId: 'lights', type: 'checkbox', label: 'Lights', value: [front.optionId, rear.optionId], critical: false },
          { fieldId: 'alarm', type: 'boolean', label: 'Alarm on', value: false, critical: false },
          { fieldId: 'clean', type: 'stars', label: 'Cleanliness', value: 3, critical: false },
          { fieldId: 'inspected', type: 'date', label: 'Inspected on', value: today, critical: false },
          { fieldId: 'photos', type: 'file', label: 'Photos', value: ['https://files.test/a.jpg', 'b.PNG'], critical: false },
        ],
      },
    ]);
    const event = await t.app
      .get<Model<ActivityEvent>>(getModelToken(ActivityEvent.name))
      .findOne({ action: 'work_order.form_add', requestId: res.headers['x-request-id'] })
      .lean();
    expect(event).toMatchObject({
      resourceId: workOrderId,
      before: { formsCount: 0, hasCriticalAnswers: false },
      after: { formsCount: 1, hasCriticalAnswers: true },
      details: { critical: true, criticalFieldIds: ['oil'] },
    });
  });

  it('adds a second form without a critical answer, keeping the earlier flag', async () => {
    const res = await add(workOrderId, operator.token, body()).expect(201);
    expect(res.body.data.forms).toHaveLength(2);
    expect(res.body.data.forms[1]).toMatchObject({ critical: false, criticalFieldIds: [] });
    expect(res.body.data.hasCriticalAnswers).toBe(true);
  });

  it('flags a checked critical option and a yes/no answered as criticalWhen', async () => {
    const fresh = await newWorkOrder((await orders.findById(workOrderId).lean())!.assetId);
    const res = await add(
      fresh,
      tenant.admin.token,
      body([...minimal(), { fieldId: 'lights', value: [none.optionId] }, { fieldId: 'alarm', value: true }]),
    ).expect(201);
    expect(res.body.data).toMatchObject({ hasCriticalAnswers: true, forms: [{ critical: true, criticalFieldIds: ['lights', 'alarm'] }] });
  });

  describe('refusals (nothing written)', () => {
    let before: unknown;
    beforeEach(async () => {
      before = (await orders.findById(workOrderId).lean())!.forms.length;
    });
    afterEach(async () => {
      expect((await orders.findById(workOrderId).lean())!.forms.length).toBe(before);
    });

    it.each([
      ['a required field missing', [{ fieldId: 'driver', value: 'Ana Soto' }], 'answers: "Odometer" (odometer) is required'],
      ['a required field blank', [{ fieldId: 'driver', value: '  ' }, minimal()[1]], 'answers.0.value: "Driver" is required'],
      ['an unknown field', [...minimal(), { fieldId: 'colour', value: 'red' }], 'answers.2.fieldId: The form has no field "colour"'],
      ['a field answered twice', [...minimal(), { fieldId: 'odometer', value: 1 }], 'answers.2.fieldId: Field "odometer" is answered more than once'],
      ['text below minLength', [{ fieldId: 'driver', value: 'Al' }, minimal()[1]], 'answers.0.value: "Driver" must have at least 3 characters'],
      ['text above maxLength', [{ fieldId: 'driver', value: 'x'.repeat(21) }, minimal()[1]], 'answers.0.value: "Driver" must have at most 20 characters'],
      ['text of another type', [{ fieldId: 'driver', value: 12345 }, minimal()[1]], 'answers.0.value: "Driver" must be a text'],
      ['a number as a string', [minimal()[0], { fieldId: 'odometer', value: '120500' }], 'answers.1.value: "Odometer" must be a number'],
      ['a number below min', [minimal()[0], { fieldId: 'odometer', value: -1 }], 'answers.1.value: "Odometer" must be at least 0'],
      ['a number above max', [minimal()[0], { fieldId: 'odometer', value: 1_000_000 }], 'answers.1.value: "Odometer" must be at most 999999'],
      ['a select option not of the field', [...minimal(), { fieldId: 'oil', value: front.optionId }], `answers.2.value: "Oil" has no option ${front.optionId}`],
      ['several options on a select', [...minimal(), { fieldId: 'oil', value: [ok.optionId] }], 'answers.2.value: "Oil" must be the optionId of one option'],
      [
        'a checkbox option not of the field',
        [...minimal(), { fieldId: 'lights', value: [ok.optionId] }],
        `answers.2.value: "Lights" has no option ${ok.optionId}`,
      ],
      [
        'more options checked than maxChecked',
        [...minimal(), { fieldId: 'lights', value: [front.optionId, rear.optionId, none.optionId] }],
        'answers.2.value: "Lights" allows at most 2 options checked',
      ],
      [
        'a checkbox value that is not a list',
        [...minimal(), { fieldId: 'lights', value: front.optionId }],
        'answers.2.value: "Lights" must be a list of optionIds',
      ],
      ['a yes/no that is not a boolean', [...minimal(), { fieldId: 'alarm', value: 'yes' }], 'answers.2.value: "Alarm on" must be true or false'],
      ['stars above maxStars', [...minimal(), { fieldId: 'clean', value: 4 }], 'answers.2.value: "Cleanliness" must be a whole number of stars from 1 to 3'],
      [
        'a date in another format',
        [...minimal(), { fieldId: 'inspected', value: '21/11/2026' }],
        'answers.2.value: "Inspected on" must be a date as YYYY-MM-DD',
      ],
      [
        'a future date where disableFuture',
        [...minimal(), { fieldId: 'inspected', value: '2999-01-01' }],
        /^answers\.2\.value: "Inspected on" must not be in the future \(today is \d{4}-\d\d-\d\d\)$/,
      ],
      ['a past date where disablePast', [...minimal(), { fieldId: 'next', value: '2000-01-01' }], /^answers\.2\.value: "Next service" must not be in the past/],
      [
        'more files than maxFiles',
        [...minimal(), { fieldId: 'photos', value: ['a.jpg', 'b.jpg', 'c.jpg'] }],
        'answers.2.value: "Photos" allows at most 2 files',
      ],
      [
        'a file extension not allowed',
        [...minimal(), { fieldId: 'photos', value: ['a.jpg', 'report.pdf'] }],
        'answers.2.value: "Photos" accepts only jpg, png files, not report.pdf',
      ],
    ])('400 shape A for %s, naming the answer', async (_, answers, message) => {
      const res = await add(workOrderId, tenant.admin.token, body(answers)).expect(400);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    });

    it('400 listing several answer errors at once', async () => {
      const res = await add(
        workOrderId,
        tenant.admin.token,
        body([
          { fieldId: 'odometer', value: -5 },
          { fieldId: 'clean', value: 0 },
        ]),
      ).expect(400);
      expect(res.body.error).toBe(
        'answers.0.value: "Odometer" must be at least 0; answers.1.value: "Cleanliness" must be a whole number of stars from 1 to 3; answers: "Driver" (driver) is required',
      );
    });

    it.each([
      ['formId missing', { answers: [] }, /formId must be a 24-character hexadecimal id/],
      ['formId malformed', { formId: 'pre-trip', answers: [] }, /formId must be a 24-character hexadecimal id/],
      ['answers missing', { formId: '0'.repeat(24) }, /answers must be an array/],
      ['answers not a list', { formId: '0'.repeat(24), answers: { driver: 'x' } }, /answers must be an array/],
      ['an answer that is not an object', { formId: '0'.repeat(24), answers: [42] }, /answers\.0/],
      ['an answer without fieldId', { formId: '0'.repeat(24), answers: [{ value: 1 }] }, /answers\.0\.fieldId/],
      ['an unknown field in the body', { formId: '0'.repeat(24), answers: [], extra: 1 }, /extra is not an accepted field/],
      [
        'an unknown field in an answer',
        { formId: '0'.repeat(24), answers: [{ fieldId: 'driver', value: 'x', note: 1 }] },
        /answers\.0\.note: note is not an accepted field/,
      ],
      [
        'more than 200 answers',
        { formId: '0'.repeat(24), answers: Array.from({ length: 201 }, () => ({ fieldId: 'x', value: 1 })) },
        /answers must contain no more than 200 elements/,
      ],
    ])('400 shape A for %s', async (_, sent, message) => {
      const res = await add(workOrderId, tenant.admin.token, sent).expect(400);
      expect(res.body).toEqual({ error: expect.stringMatching(message) });
    });

    it('400 for an unknown form and another client’s form, alike', async () => {
      const other = await createTenant(t.app);
      const foreign = await fleetFixtures(t.app, other.clientId).form();
      for (const id of [new Types.ObjectId(), foreign._id]) {
        const res = await add(workOrderId, tenant.admin.token, { formId: id.toHexString(), answers: [] }).expect(400);
        expect(res.body).toEqual({ error: `formId: No dynamic form ${id.toHexString()} among your forms` });
      }
    });

    it.each(['inactive', 'archived'] as const)('400 for an %s form', async (status) => {
      const other = await fleetFixtures(t.app, tenant.clientId).form({ name: `Old ${status}`, status });
      const res = await add(workOrderId, tenant.admin.token, { formId: other._id.toHexString(), answers: [] }).expect(400);
      expect(res.body).toEqual({ error: `formId: The form "Old ${status}" is ${status}: only active forms can be filled in` });
    });

    it('404 shape A for an unknown, malformed or foreign work order, or one of an asset outside the user’s trackers', async () => {
      const other = await createTenant(t.app);
      const otherAsset = await fleetFixtures(t.app, other.clientId).asset();
      const foreignOrder = await (async () => {
        const res = await request(t.server)
          .post('/api/maintenance/work-orders')
          .set('Authorization', `Bearer ${other.admin.token}`)
          .send({ assetId: otherAsset._id.toHexString(), category: 'inspection', title: 'x' })
          .expect(201);
        return res.body.data.id as string;
      })();
      const outOfScopeOrder = await newWorkOrder(outOfScopeAssetId);
      for (const [id, token] of [
        [new Types.ObjectId().toHexString(), tenant.admin.token],
        ['not-an-id', tenant.admin.token],
        [foreignOrder, tenant.admin.token],
        [outOfScopeOrder, operator.token],
      ]) {
        expect((await add(id, token, body()).expect(404)).body).toEqual({ error: 'Work order not found' });
      }
    });

    it('401 without a token and with an invalid one; 403 without access_maintenance', async () => {
      expect((await request(t.server).post(`/api/maintenance/work-orders/${workOrderId}/forms`).send(body()).expect(401)).body).toEqual({
        error: 'Invalid or expired token',
      });
      await add(workOrderId, 'atk_not-a-valid-token', body()).expect(401);
      const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
      expect((await add(workOrderId, viewer.token, body()).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
    });
  });
});
