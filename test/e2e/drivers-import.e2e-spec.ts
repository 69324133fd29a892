import { getModelToken } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ActivityEvent } from '@app/activity';
import type { TestApp } from '@app/testing';
import { Driver } from '../../src/drivers/schemas/driver.schema';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { importDrivers, rutOf as rut, startDriversApp } from '../factories/driver-sheet.factory';

const row = (n: number, fields: Record<string, unknown> = {}) => ({ row: n, firstName: 'Juana', lastName: 'Pérez', rut: rut(20_000_000 + n), ...fields });
const rows = (count: number, base: number) =>
  Array.from({ length: count }, (_, i) => ({ row: i + 2, firstName: `Nombre ${i}`, lastName: 'Apellido', rut: rut(base + i) }));

describe('POST /api/drivers/import', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let drivers: Model<Driver>;
  const importAs = (token: string, body: unknown) => importDrivers(t, token, body);

  beforeAll(async () => ({ t, tenant, drivers } = await startDriversApp()));
  afterAll(() => t.close());

  it('creates valid rows, normalized, owned by the client and the importing user', async () => {
    const res = await importAs(tenant.admin.token, {
      rows: [
        {
          row: 2,
          firstName: ' Juana ',
          lastName: 'Pérez Soto',
          rut: '12.345.678-5',
          phone: '+56 9 1234 5678',
          email: 'Juana@Example.CL',
          address: 'Av. Libertador 1234',
          city: 'Santiago',
        },
        { row: 3, firstName: 'Pedro', lastName: 'Rojas', rut: '10000013-k', phone: '', email: '' },
      ],
    }).expect(201);
    expect(res.body).toEqual({ status: 'success', data: { createdCount: 2, failedRows: [] } });
    const stored = await drivers.find({ clientId: tenant.clientId }).sort({ rut: 1 }).lean();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ rut: '10000013-K', firstName: 'Pedro', userId: tenant.admin.user._id });
    expect(stored[0]).not.toHaveProperty('phone');
    expect(stored[0]).not.toHaveProperty('email');
    expect(stored[1]).toMatchObject({
      rut: '12345678-5',
      firstName: 'Juana',
      lastName: 'Pérez Soto',
      phone: '+56912345678',
      email: 'juana@example.cl',
      address: 'Av. Libertador 1234',
      city: 'Santiago',
    });
  });

  it('rejects each faulty row with a readable reason and creates the rest', async () => {
    const res = await importAs(tenant.admin.token, {
      rows: [
        row(2),
        row(3, { rut: '12345678-0' }),
        row(4, { rut: '12345678-X' }),
        row(5, { rut: rut(20_000_002) }),
        row(6, { rut: '12345678-5' }),
        row(7, { email: 'juana@@example' }),
        row(8, { phone: 'call me' }),
        row(9, { phone: '+56 2 2345 6789', email: 'ok@example.cl' }),
      ],
    }).expect(201);
    expect(res.body.data).toEqual({
      createdCount: 2,
      failedRows: [
        {
          row: 3,
          reason: 'RUT 12345678-0 has a wrong check digit: a RUT with these digits ends in -5.',
          data: { firstName: 'Juana', lastName: 'Pérez', rut: '12345678-0' },
        },
        {
          row: 4,
          reason: 'RUT "12345678-X" is not valid: write its digits, a hyphen and the check digit, as in 12345678-5.',
          data: { firstName: 'Juana', lastName: 'Pérez', rut: '12345678-X' },
        },
        {
          row: 5,
          reason: `RUT ${rut(20_000_002)} is repeated: it already appears in row 2 of this import.`,
          data: { firstName: 'Juana', lastName: 'Pérez', rut: rut(20_000_002) },
        },
        { row: 6, reason: 'A driver with RUT 12345678-5 is already registered.', data: { firstName: 'Juana', lastName: 'Pérez', rut: '12345678-5' } },
        { row: 7, reason: 'Email "juana@@example" is not a valid email address.', data: { firstName: 'Juana', lastName: 'Pérez', rut: rut(20_000_007) } },
        {
          row: 8,
          reason: 'Phone "call me" is not valid: use 8 to 15 digits, optionally starting with +.',
          data: { firstName: 'Juana', lastName: 'Pérez', rut: rut(20_000_008) },
        },
      ],
    });
    expect(await drivers.countDocuments({ clientId: tenant.clientId, rut: { $in: [rut(20_000_002), rut(20_000_009)] } })).toBe(2);
  });

  it('records one activity event per import', async () => {
    const events = t.app.get<Model<ActivityEvent>>(getModelToken(ActivityEvent.name));
    const res = await importAs(tenant.admin.apiToken, { rows: [row(2, { rut: rut(21_000_000) }), row(3, { rut: 'x' })] })
      .set('X-Request-Id', 'import-activity-1')
      .expect(201);
    expect(res.body.data.createdCount).toBe(1);
    const event = await events.findOne({ clientId: tenant.clientId, requestId: 'import-activity-1' }).lean();
    expect(event).toMatchObject({
      action: 'driver.import',
      resourceType: 'driver',
      actor: { userId: tenant.admin.user._id, credential: 'api_token' },
      summary: 'Driver import: 1 created, 1 rejected of 2 rows',
      after: { created: [{ row: 2, rut: rut(21_000_000) }] },
    });
  });

  it('lets another client register the same RUT', async () => {
    const other = await createTenant(t.app);
    const res = await importAs(other.admin.token, { rows: [row(2, { rut: '12345678-5' })] }).expect(201);
    expect(res.body.data).toEqual({ createdCount: 1, failedRows: [] });
  });

  it('accepts 1000 rows', async () => {
    const own = await createTenant(t.app);
    const res = await importAs(own.admin.token, { rows: rows(1000, 30_000_000) }).expect(201);
    expect(res.body.data).toEqual({ createdCount: 1000, failedRows: [] });
    expect(await drivers.countDocuments({ clientId: own.clientId })).toBe(1000);
  });

  it('creates each driver once when the same rows are imported twice at the same time', async () => {
    const own = await createTenant(t.app);
    const body = { rows: rows(200, 40_000_000) };
    const [first, second] = await Promise.all([importAs(own.admin.token, body), importAs(own.admin.apiToken, body)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.data.createdCount + second.body.data.createdCount).toBe(200);
    const failed = [...first.body.data.failedRows, ...second.body.data.failedRows];
    expect(failed).toHaveLength(200);
    expect(failed.every((f: { reason: string }) => /is already registered\.$/.test(f.reason))).toBe(true);
    expect(await drivers.countDocuments({ clientId: own.clientId })).toBe(200);
  });
});
