import request from 'supertest';
import { Model } from 'mongoose';
import type { TestApp } from '@app/testing';
import { Driver } from '../../src/drivers/schemas/driver.schema';
import { NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { importDrivers, rutOf as rut, startDriversApp } from '../factories/driver-sheet.factory';

const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ row: i + 2, firstName: 'Ana', lastName: 'Soto', rut: rut(15_000_000 + i) }));
const valid = { row: 2, firstName: 'Ana', lastName: 'Soto', rut: '12345678-5' };

describe('POST /api/drivers/import refusals', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let drivers: Model<Driver>;
  const importAs = (token: string, body: unknown) => importDrivers(t, token, body);

  beforeAll(async () => ({ t, tenant, drivers } = await startDriversApp()));
  afterAll(async () => {
    // Nothing of a refused request may have been written.
    expect(await drivers.countDocuments({ clientId: tenant.clientId })).toBe(0);
    await t.close();
  });

  it('401 without a token, and with a bad or legacy JWT token', async () => {
    const none = await request(t.server)
      .post('/api/drivers/import')
      .send({ rows: [valid] })
      .expect(401);
    expect(none.body).toEqual({ error: 'Invalid or expired token' });
    await importAs('sess_not-a-real-token', { rows: [valid] }).expect(401);
    await importAs('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc', { rows: [valid] }).expect(401);
  });

  it('401 with the session cookie alone: the import is bearer only', async () => {
    const res = await request(t.server)
      .post('/api/drivers/import')
      .set('Cookie', `fleet_session=${tenant.admin.token}`)
      .set('Origin', 'https://app.fleet.test')
      .send({ rows: [valid] })
      .expect(401);
    expect(res.body).toEqual({ error: 'Invalid or expired token' });
  });

  it('403 without access_drivers', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    const res = await importAs(viewer.token, { rows: [valid] }).expect(403);
    expect(res.body).toEqual({ error: 'You do not have permission to perform this action' });
  });

  it('400 shape C for more than 1000 rows', async () => {
    const res = await importAs(tenant.admin.token, { rows: rows(1001) }).expect(400);
    expect(res.body).toEqual({
      status: 'failed',
      message: expect.stringContaining('rows'),
      errors: [{ path: 'rows', message: 'rows must contain no more than 1000 elements' }],
    });
  });

  it.each([
    ['no rows', { rows: [] }, 'rows', /at least 1 element/],
    ['rows missing', {}, 'rows', /array/],
    ['rows not an array', { rows: 'all of them' }, 'rows', /array/],
    ['a row that is not an object', { rows: [valid, 42] }, 'rows.1', /object/],
    ['a row missing firstName', { rows: [valid, { row: 3, lastName: 'Soto', rut: rut(15_000_000) }] }, 'rows.1.firstName', /firstName/],
    ['a row missing lastName', { rows: [{ ...valid, lastName: undefined }] }, 'rows.0.lastName', /lastName/],
    ['a row missing rut', { rows: [{ ...valid, rut: undefined }] }, 'rows.0.rut', /rut/],
    ['a row missing row', { rows: [{ ...valid, row: undefined }] }, 'rows.0.row', /row/],
    ['a blank firstName', { rows: [{ ...valid, firstName: '   ' }] }, 'rows.0.firstName', /empty/],
    ['a row number as a string', { rows: [{ ...valid, row: '2' }] }, 'rows.0.row', /integer/],
    ['the header row number', { rows: [{ ...valid, row: 1 }] }, 'rows.0.row', /not be less than 2/],
    ['a numeric rut', { rows: [{ ...valid, rut: 123456785 }] }, 'rows.0.rut', /string/],
    ['an email that is not a string', { rows: [{ ...valid, email: ['a@b.cl'] }] }, 'rows.0.email', /string/],
    ['an oversized lastName', { rows: [{ ...valid, lastName: 'x'.repeat(101) }] }, 'rows.0.lastName', /shorter than or equal to 100/],
    ['an oversized address', { rows: [{ ...valid, address: 'x'.repeat(201) }] }, 'rows.0.address', /200/],
  ])('400 shape C for %s, naming the path', async (_, body, path, message) => {
    const res = await importAs(tenant.admin.token, body).expect(400);
    expect(Object.keys(res.body).sort()).toEqual(['errors', 'message', 'status']);
    expect(res.body.status).toBe('failed');
    expect(res.body.errors).toEqual(expect.arrayContaining([{ path, message: expect.stringMatching(message) }]));
  });

  it('400 for a body that is an array, not an object', async () => {
    const res = await importAs(tenant.admin.token, [valid]).expect(400);
    expect(res.body.status).toBe('failed');
  });

  it('413 shape A for a body over 1 MB (refused before the route)', async () => {
    const huge = rows(1000).map((r) => ({ ...r, address: 'x'.repeat(1100) }));
    expect((await importAs(tenant.admin.token, { rows: huge }).expect(413)).body).toEqual({ error: 'Request body too large' });
  });

  it('400 shape A for malformed JSON (refused before the route)', async () => {
    const res = await request(t.server)
      .post('/api/drivers/import')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .set('Content-Type', 'application/json')
      .send('{"rows": [')
      .expect(400);
    expect(res.body).toEqual({ error: 'Malformed JSON body' });
  });
});
