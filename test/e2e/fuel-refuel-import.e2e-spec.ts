import request from 'supertest';
import ExcelJS from 'exceljs';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, TrackedFixture } from './positions-fixtures';

/**
 * A fuel-card statement imported in two steps through HTTP: the preview of a real CSV and a real
 * .xlsx (written with exceljs), then the import of the rows it answered.
 */
describe('refuel import from a fuel-card statement', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let truck: TrackedFixture;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const preview = (file: Buffer, name: string, token?: string) => api().post('/api/fuel/refuels/import/preview').set(auth(token)).attach('file', file, name);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    truck = await addAsset(t, tenant.clientId, { name: 'Camión 12', plate: 'KTRB-45' });
    const tariffId = (await api().post('/api/fuel-tariffs').set(auth()).send({ baseType: 'diesel', name: 'Diésel', pricePerLiter: 1000 }).expect(201)).body.data
      .id;
    await api()
      .patch(`/api/assets/${truck.assetId}`)
      .set(auth())
      .send({ fuel: { tariffId, consumptionLPer100Km: 30, tankCapacityL: 300 } })
      .expect(200);
  });
  afterAll(() => t.close());

  it('previews a CSV statement (Chilean numbers, dates in the client’s zone) and imports its rows, each checked', async () => {
    const csv = [
      'Patente;Fecha;Litros;Precio/Litro;Estación;N° Tarjeta',
      'ktrb 45;22/11/2026 07:30;182,4;1.049,90;Copec Ruta 5;1234',
      'Camión 12;23/11/2026 08:00;120;1.400;Shell;1234',
      'ZZZZ-99;ayer;-5;x;;',
    ].join('\r\n');
    const answer = (await preview(Buffer.from(csv, 'utf8'), 'cartola.csv').expect(200)).body.data;
    expect(answer.format).toBe('csv');
    expect(answer.rows).toEqual([
      { row: 2, assetId: truck.assetId, occurredAt: '2026-11-22T07:30:00.000-03:00', liters: 182.4, pricePerLiter: 1049.9, station: 'Copec Ruta 5' },
      { row: 3, assetId: truck.assetId, occurredAt: '2026-11-23T08:00:00.000-03:00', liters: 120, pricePerLiter: 1400, station: 'Shell' },
    ]);
    expect(answer.problems.map((p: { row: number; field: string | null }) => [p.row, p.field])).toEqual([
      [1, null],
      [4, 'asset'],
      [4, 'occurredAt'],
      [4, 'liters'],
      [4, 'pricePerLiter'],
    ]);
    // Nothing written by the preview.
    expect(await t.connection.collection('refuels').countDocuments({ assetId: new Types.ObjectId(truck.assetId) })).toBe(0);

    const imported = (await api().post('/api/fuel/refuels/import').set(auth()).send({ rows: answer.rows }).expect(201)).body.data;
    expect(imported.failedRows).toEqual([]);
    expect(imported.created.map((r: { liters: number; totalCost: number; anomalies: string[] }) => [r.liters, r.totalCost, r.anomalies])).toEqual([
      [182.4, 191_501.76, []],
      [120, 168_000, ['price_mismatch']],
    ]);
    // A row whose asset is not the caller's any more is answered with its reason; the others are kept.
    const again = (
      await api()
        .post('/api/fuel/refuels/import')
        .set(auth())
        .send({ rows: [{ ...answer.rows[0], assetId: new Types.ObjectId().toHexString() }, answer.rows[1]] })
        .expect(201)
    ).body.data;
    expect(again.failedRows).toEqual([{ row: 2, reason: expect.stringContaining('assetId: No asset') }]);
    expect(again.created).toHaveLength(1);
  });

  it('previews an .xlsx statement whose dates are date-time cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Transacciones');
    sheet.addRow(['Plate', 'Date', 'Liters', 'Total', 'Odometer']);
    sheet.addRow(['KTRB45', new Date(Date.UTC(2026, 10, 23, 18, 45, 0)), 95.5, 100_275, 182_100]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = (await preview(file, 'statement.xlsx').expect(200)).body.data;
    expect(answer).toMatchObject({ format: 'xlsx', problems: [] });
    expect(answer.rows).toEqual([
      { row: 2, assetId: truck.assetId, occurredAt: '2026-11-23T18:45:00.000-03:00', liters: 95.5, totalCost: 100_275, odometerKm: 182_100 },
    ]);
  });

  it('refuses what is not a statement: 400 with the reason, 413 over 5 MB, 401, 403', async () => {
    await api().post('/api/fuel/refuels/import/preview').set(auth()).expect(400);
    expect((await preview(Buffer.from('Fecha;Litros\r\n24/11/2026;10', 'utf8'), 'x.csv').expect(200)).body.data.problems).toEqual([
      expect.objectContaining({ row: 1, message: expect.stringContaining('lacks asset') }),
    ]);
    expect((await preview(Buffer.from('%PDF-1.4 not a sheet'), 'x.pdf').expect(400)).body.error).toBeDefined();
    await preview(Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'big.csv').expect(413);
    await api().post('/api/fuel/refuels/import').set(auth()).send({ rows: [] }).expect(400);
    await api()
      .post('/api/fuel/refuels/import')
      .set(auth())
      .send({ rows: [{ row: 2, assetId: truck.assetId, occurredAt: '2026-11-24T07:30:00-03:00', liters: 10, card: '1' }] })
      .expect(400);
    await request(t.server).post('/api/fuel/refuels/import/preview').attach('file', Buffer.from('a'), 'x.csv').expect(401);
    const noFuel = await tenant.addUser({ permissions: [Permission.Assets] });
    await preview(Buffer.from('a'), 'x.csv', noFuel.token).expect(403);
  });
});
