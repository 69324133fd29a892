import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '@app/testing';
import { FieldType } from '../../src/forms/form-field-types';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';

describe('GET /api/dynamic-forms', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const ids: Record<'active' | 'inactive' | 'archived' | 'rich', string> = {} as never;
  const list = (token: string, query = '') => request(t.server).get(`/api/dynamic-forms${query}`).set('Authorization', `Bearer ${token}`);
  const optionId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const group = await fixtures.group();
    const asset = await fixtures.asset({ groupIds: [group._id] });
    ids.active = (await fixtures.form({ name: 'B active', status: 'active', assetIds: [asset._id] }))._id.toHexString();
    ids.inactive = (await fixtures.form({ name: 'C inactive', status: 'inactive' }))._id.toHexString();
    ids.archived = (await fixtures.form({ name: 'D archived', status: 'archived', allAssets: true }))._id.toHexString();
    ids.rich = (
      await fixtures.form({
        name: 'A rich',
        description: 'Every property',
        assetGroupIds: [group._id],
        fields: [
          { fieldId: 'km', type: FieldType.Number, label: 'Km', required: true, helperText: 'Odometer', min: 0, max: 10 },
          { fieldId: 'oil', type: FieldType.Select, label: 'Oil', required: false, options: [{ optionId, label: 'Leak', critical: true }] },
        ],
      })
    )._id.toHexString();
    const other = await createTenant(t.app);
    await fleetFixtures(t.app, other.clientId).form({ name: 'Foreign' });
  });
  afterAll(() => t.close());

  const names = (body: { data: { name: string }[] }) => body.data.map((form) => form.name);

  it('lists active and inactive forms by name without a status, never the archived or another client’s', async () => {
    const res = await list(tenant.admin.token).expect(200);
    expect(res.body.status).toBe('success');
    expect(names(res.body)).toEqual(['A rich', 'B active', 'C inactive']);
  });

  it.each([
    ['active', ['A rich', 'B active']],
    ['inactive', ['C inactive']],
    ['archived', ['D archived']],
  ])('filters by status=%s', async (status, expected) => {
    expect(names((await list(tenant.admin.token, `?status=${status}`).expect(200)).body)).toEqual(expected);
  });

  it('answers the full shape of the form and its fields', async () => {
    const res = await list(tenant.admin.token, '?status=active').expect(200);
    const rich = res.body.data[0];
    expect(rich).toEqual({
      _id: ids.rich,
      clientId: tenant.clientId.toHexString(),
      version: 1,
      name: 'A rich',
      description: 'Every property',
      status: 'active',
      fields: [
        { fieldId: 'km', type: 'number', label: 'Km', required: true, helperText: 'Odometer', min: 0, max: 10 },
        { fieldId: 'oil', type: 'select', label: 'Oil', required: false, options: [{ optionId, label: 'Leak', critical: true }] },
      ],
      assetIds: [],
      assetGroupIds: [expect.stringMatching(/^[0-9a-f]{24}$/)],
      allAssets: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body.data[1].assetIds).toEqual([expect.stringMatching(/^[0-9a-f]{24}$/)]);
  });

  it.each(['draft', 'ACTIVE', '', 'active,inactive'])('400 shape A for status=%j', async (status) => {
    const res = await list(tenant.admin.token, `?status=${encodeURIComponent(status)}`).expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining('status must be one of active, inactive, archived') });
  });

  it('400 for a repeated status parameter', async () => {
    const res = await list(tenant.admin.token, '?status=active&status=inactive').expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining('status') });
  });

  it('ignores unknown query parameters', async () => {
    expect(names((await list(tenant.admin.token, '?page=2').expect(200)).body)).toHaveLength(3);
  });

  it('401 without a token and with an invalid one', async () => {
    expect((await request(t.server).get('/api/dynamic-forms').expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    await list('atk_not-a-valid-token').expect(401);
  });

  it('403 without access_dynamic_forms', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    expect((await list(viewer.token).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
  });

  it('an empty list for a client without forms', async () => {
    const empty = await createTenant(t.app);
    expect((await list(empty.admin.token).expect(200)).body).toEqual({ status: 'success', data: [] });
  });

  it('refuses to store an inconsistent form definition', async () => {
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    await expect(fixtures.form({ fields: [{ fieldId: 'n', type: FieldType.Number, label: 'N', required: false, min: 5, max: 1 }] })).rejects.toThrow(
      'fields.0.min: min (5) must not exceed max (1)',
    );
  });
});
