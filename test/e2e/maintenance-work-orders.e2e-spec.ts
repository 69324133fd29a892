import { scopeOfClient } from '@app/database';
import request from 'supertest';
import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ActivityEvent } from '@app/activity';
import type { Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { DEFAULT_WORK_ORDER_CATEGORIES, WorkOrderCategoriesService } from '../../src/maintenance/categories/work-order-categories.service';
import { WorkOrder } from '../../src/maintenance/schemas/work-order.schema';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';

describe('POST /api/maintenance/work-orders and GET …/categories', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let operator: TestUser;
  let orders: Model<WorkOrder>;
  let asset: Stored<Asset>;
  let outOfScope: Stored<Asset>;
  const create = (token: string, body: unknown) =>
    request(t.server)
      .post('/api/maintenance/work-orders')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const categories = (token: string) => request(t.server).get('/api/maintenance/work-orders/categories').set('Authorization', `Bearer ${token}`);
  const valid = () => ({ assetId: asset._id.toHexString(), category: 'preventive', title: 'Oil change' });

  beforeAll(async () => {
    t = await createTestApp();
    orders = t.app.get(getModelToken(WorkOrder.name));
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const [mine, other] = [await fixtures.tracker(), await fixtures.tracker()];
    asset = await fixtures.asset({ name: 'Truck 01', mainTrackerId: mine._id });
    outOfScope = await fixtures.asset({ name: 'Van 03', mainTrackerId: other._id });
    operator = await tenant.addUser({ trackerIds: [mine._id] });
    await t.app.get(WorkOrderCategoriesService).extend(scopeOfClient(tenant.clientId), ['Revisión técnica', 'PREVENTIVE', ' gps_tracker ']);
  });
  afterAll(() => t.close());

  describe('categories', () => {
    it('lists the defaults, then the client’s own without repeats', async () => {
      const res = await categories(tenant.admin.token).expect(200);
      expect(res.body).toEqual({ status: 'success', data: [...DEFAULT_WORK_ORDER_CATEGORIES, 'Revisión técnica', 'gps_tracker'] });
    });

    it('lists only the defaults for another client', async () => {
      const other = await createTenant(t.app);
      expect((await categories(other.admin.token).expect(200)).body.data).toEqual(DEFAULT_WORK_ORDER_CATEGORIES);
    });

    it('401 and 403', async () => {
      expect((await request(t.server).get('/api/maintenance/work-orders/categories').expect(401)).body).toEqual({ error: 'Invalid or expired token' });
      await categories('atk_not-a-valid-token').expect(401);
      const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
      expect((await categories(viewer.token).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
    });
  });

  describe('creation', () => {
    it('201 with the open work order, and an activity event', async () => {
      const res = await create(tenant.admin.token, {
        ...valid(),
        category: 'revisión TÉCNICA',
        title: '  Annual review ',
        description: 'Brakes and lights',
        priority: 'urgent',
        dueDate: '2026-12-31',
      }).expect(201);
      expect(res.body).toEqual({
        status: 'success',
        data: {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          clientId: tenant.clientId.toHexString(),
          assetId: asset._id.toHexString(),
          category: 'Revisión técnica',
          title: 'Annual review',
          description: 'Brakes and lights',
          priority: 'urgent',
          status: 'open',
          dueDate: '2026-12-31',
          forms: [],
          hasCriticalAnswers: false,
          assigneeId: null,
          history: [],
          inspection: null,
          servicePlanId: null,
          createdBy: tenant.admin.user._id.toHexString(),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      });
      expect(await orders.countDocuments({ _id: res.body.data.id })).toBe(1);
      const event = await t.app
        .get<Model<ActivityEvent>>(getModelToken(ActivityEvent.name))
        .findOne({ action: 'work_order.create', resourceId: res.body.data.id })
        .lean();
      expect(event).toMatchObject({
        clientId: tenant.clientId,
        resourceType: 'work_order',
        requestId: res.headers['x-request-id'],
        after: { category: 'Revisión técnica', priority: 'urgent' },
      });
    });

    it('defaults: medium priority, no description, no due date', async () => {
      const res = await create(operator.token, valid()).expect(201);
      expect(res.body.data).toMatchObject({ priority: 'medium', description: '', dueDate: null, status: 'open', category: 'preventive' });
    });

    describe('refusals (400 shape A, nothing written)', () => {
      let before: number;
      beforeEach(async () => {
        before = await orders.countDocuments({ clientId: tenant.clientId });
      });
      afterEach(async () => {
        expect(await orders.countDocuments({ clientId: tenant.clientId })).toBe(before);
      });

      it.each([
        ['assetId missing', { assetId: undefined }, /assetId must be a 24-character hexadecimal id/],
        ['assetId malformed', { assetId: 'truck-01' }, /assetId must be a 24-character hexadecimal id/],
        ['assetId a number', { assetId: 42 }, /assetId must be a string/],
        ['category missing', { category: undefined }, /category/],
        ['title missing', { title: undefined }, /title/],
        ['title blank', { title: '   ' }, /title should not be empty/],
        ['title too long', { title: 'x'.repeat(201) }, /title must be shorter than or equal to 200 characters/],
        ['description too long', { description: 'x'.repeat(5001) }, /description must be shorter than or equal to 5000/],
        ['description not a string', { description: ['a'] }, /description must be a string/],
        ['an unknown priority', { priority: 'asap' }, /priority must be one of low, medium, high, urgent/],
        ['dueDate in another format', { dueDate: '31/12/2026' }, /dueDate must be a date as YYYY-MM-DD/],
        ['dueDate impossible', { dueDate: '2026-02-30' }, /dueDate must be a real calendar day/],
        ['an unknown field', { status: 'done' }, /status is not an accepted field/],
        ['an unknown category', { category: 'painting' }, /category: "painting" is not a work order category/],
      ])('%s', async (_, change, message) => {
        const res = await create(tenant.admin.token, { ...valid(), ...change }).expect(400);
        expect(res.body).toEqual({ error: expect.stringMatching(message) });
      });

      it('a body that is not an object', async () => {
        await request(t.server)
          .post('/api/maintenance/work-orders')
          .set('Authorization', `Bearer ${tenant.admin.token}`)
          .set('Content-Type', 'application/json')
          .send('[1]')
          .expect(400);
      });

      it('an unknown asset, another client’s asset, and an asset outside the user’s trackers', async () => {
        const other = await createTenant(t.app);
        const foreign = await fleetFixtures(t.app, other.clientId).asset();
        for (const [id, token] of [
          [new Types.ObjectId(), tenant.admin.token],
          [foreign._id, tenant.admin.token],
          [outOfScope._id, operator.token],
        ] as const) {
          const res = await create(token, { ...valid(), assetId: id.toHexString() }).expect(400);
          expect(res.body).toEqual({ error: `assetId: No asset ${id.toHexString()} among your assets` });
        }
      });

      it('401 without a token, 403 without access_maintenance', async () => {
        expect((await request(t.server).post('/api/maintenance/work-orders').send(valid()).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
        await create('atk_not-a-valid-token', valid()).expect(401);
        const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
        expect((await create(viewer.token, valid()).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
      });
    });
  });
});
