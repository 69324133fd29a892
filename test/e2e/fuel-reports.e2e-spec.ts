import { writeFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { pdfPageSizes, pdfText } from '../support/pdf-text';
import { binaryBody, readWorkbook, sheetRows, worksheetRows } from '../support/report-files';
import { daysAgo, insertCustomTariff } from './fuel-fixtures';
import { addAsset, ROUTE, storeMessages, storeTrip, T0, TrackedFixture } from './positions-fixtures';

const iso = (unixS: number) => new Date(unixS * 1000).toISOString();

/** One CSV line (RFC 4180 quoting). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** A second trip of the day: 2 steps of 0.01° along the equator (2 × 1.111951 km = 2.224 km). */
const SECOND = [
  { timestamp: T0 + 7200, 'position.latitude': 0, 'position.longitude': 0.04, 'position.speed': 0 },
  { timestamp: T0 + 7500, 'position.latitude': 0, 'position.longitude': 0.05, 'position.speed': 60 },
  { timestamp: T0 + 7800, 'position.latitude': 0, 'position.longitude': 0.06, 'position.speed': 30 },
];

/**
 * The trip and fuel reports (DESIGN.md, "trip report", "fuel report"): every figure checked
 * against a hand computation from this test's data, in xlsx (read back with exceljs), csv and
 * pdf (read back with pdftotext); cached per client and parameters, rebuilt after a price edit.
 *
 * Truck A (12 L/100 km, tariff 1000 $/L): trips of 4.448 km (0.534 L, $534) and 2.224 km
 * (0.267 L, $267): 6.672 km, 0.801 L, $801. Truck B (no profile): one trip of 4.448 km.
 * Refuels of A: 50 L at 1050 ($52 500) and 95 L for $123 500 (all three anomalies).
 */
describe('trip and fuel reports', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let a: TrackedFixture;
  let b: TrackedFixture;
  let tariffId: string;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const report = (kind: 'trips' | 'fuel', format: string, body: object = {}, token?: string) =>
    api()
      .post(`/api/reports/${kind}`)
      .set(auth(token))
      .buffer(true)
      .parse(binaryBody)
      .send({ assetIds: [a.assetId, b.assetId], from: '15/01/2026', to: '15/01/2026', format, ...body });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    a = await addAsset(t, tenant.clientId, { name: 'Camión A', plate: 'AAAA11' });
    b = await addAsset(t, tenant.clientId, { name: 'Camión B', plate: 'BBBB22' });
    await storeMessages(t, a.trackerId, [...ROUTE, ...SECOND]);
    await storeTrip(t, a.trackerId, 1, ROUTE);
    await storeTrip(t, a.trackerId, 2, SECOND);
    await storeTrip(t, b.trackerId, 1, ROUTE);
    tariffId = (await api().post('/api/fuel-tariffs').set(auth()).send({ baseType: 'diesel', name: 'Diésel', pricePerLiter: 1000 }).expect(201)).body.data.id;
    await api()
      .patch(`/api/assets/${a.assetId}`)
      .set(auth())
      .send({ fuel: { tariffId, consumptionLPer100Km: 12, tankCapacityL: 80 } })
      .expect(200);
    await api()
      .post('/api/fuel/refuels')
      .set(auth())
      .send({ assetId: a.assetId, occurredAt: iso(T0 + 60), liters: 50, pricePerLiter: 1050 })
      .expect(201);
    const bad = await api()
      .post('/api/fuel/refuels')
      .set(auth())
      .send({ assetId: a.assetId, occurredAt: iso(T0 + 120), liters: 95, totalCost: 123500, location: { lat: 0, lng: 0.03 } })
      .expect(201);
    expect(bad.body.data.anomalies).toEqual(['over_tank_capacity', 'away_from_vehicle', 'price_mismatch']);
  }, 60_000);
  afterAll(() => t.close());

  it('builds the trip report as xlsx: one row per trip, totals per asset and in all', async () => {
    const res = await report('trips', 'xlsx').expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="informe-viajes_2026-01-15_2026-01-15.xlsx"');
    const rows = await sheetRows(res.body);
    expect(rows[0]).toEqual([
      'Activo',
      'Patente',
      'Inicio',
      'Fin',
      'Conductor',
      'Dirección de inicio',
      'Dirección de término',
      'Distancia (km)',
      'Duración',
      'Velocidad máx. (km/h)',
      'Litros',
      'Costo ($)',
    ]);
    // Santiago is UTC-3 in January: T0 is 10:00.
    expect(rows[1]).toEqual([
      'Camión A',
      'AAAA11',
      '15-01-2026 10:00:00',
      '15-01-2026 11:00:10',
      undefined,
      undefined,
      undefined,
      4.448,
      '1:00:10',
      72,
      0.534,
      534,
    ]);
    expect(rows[2]).toEqual([
      'Camión A',
      'AAAA11',
      '15-01-2026 12:00:00',
      '15-01-2026 12:10:00',
      undefined,
      undefined,
      undefined,
      2.224,
      '0:10:00',
      60,
      0.267,
      267,
    ]);
    expect(rows[3]).toEqual(['Total Camión A', 'AAAA11', '2 viajes', undefined, undefined, undefined, undefined, 6.672, '1:10:10', undefined, 0.801, 801]);
    expect(rows[4]).toEqual([
      'Camión B',
      'BBBB22',
      '15-01-2026 10:00:00',
      '15-01-2026 11:00:10',
      undefined,
      undefined,
      undefined,
      4.448,
      '1:00:10',
      72,
      undefined,
      undefined,
    ]);
    expect(rows[5]).toEqual(['Total Camión B', 'BBBB22', '1 viajes', undefined, undefined, undefined, undefined, 4.448, '1:00:10', undefined, 0, 0]);
    expect(rows[6]).toEqual(['Total', undefined, '3 viajes', undefined, undefined, undefined, undefined, 11.12, '2:10:20', undefined, 0.801, 801]);
    expect(rows).toHaveLength(7);
  });

  it('builds the fuel report as csv: distance, refuelled and expected litres, km/L, cost and anomalies per asset', async () => {
    const res = await report('fuel', 'csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.toString('utf8').trim().split('\r\n').map(parseCsvLine);
    expect(lines[0]).toEqual(['Activo', 'Patente', 'Distancia (km)', 'Litros cargados', 'Litros esperados', 'km/L', 'Costo ($)', 'Cargas', 'Anomalías']);
    // 6.672 km / 145 L = 0.046 km/L; 52 500 + 123 500 = 176 000.
    expect(lines[1]).toEqual([
      'Camión A',
      'AAAA11',
      '6.672',
      '145',
      '0.801',
      '0.05',
      '176000',
      '2',
      'over_tank_capacity: 1, away_from_vehicle: 1, price_mismatch: 1',
    ]);
    expect(lines[2]).toEqual(['Camión B', 'BBBB22', '4.448', '0', '', '', '0', '0', '']);
    // km/L over the assets that refuelled (A alone): 6.672 km / 145 L = 0.046, not B's distance too (11.12 / 145 = 0.08).
    expect(lines[3]).toEqual(['Total', '', '11.12', '145', '0.801', '0.05', '176000', '2', '3']);
    expect(lines).toHaveLength(4);
  });

  it("writes the fuel report's anomalies total as a number in the workbook", async () => {
    const workbook = await readWorkbook((await report('fuel', 'xlsx').expect(200)).body);
    const total = workbook.worksheets[0].getSheetValues().find((row) => Array.isArray(row) && row[1] === 'Total') as unknown[];
    expect(total.slice(6)).toEqual([0.05, 176000, 2, 3]);
  });

  it("builds the PDF with the reports' cover page and the figures (pdftotext)", async () => {
    const res = await report('trips', 'pdf').expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    if (process.env.KEEP_REPORT_PDF) writeFileSync(process.env.KEEP_REPORT_PDF, res.body);
    const text = pdfText(res.body);
    // Landscape A4 on every page, the cover too (the table is wide).
    expect(pdfPageSizes(res.body).every(({ width, height }) => width > height)).toBe(true);
    expect(text).toContain('Informe de viajes');
    const clientName = (await t.connection.collection('clients').findOne({ _id: tenant.clientId }))!.name as string;
    expect(text).toContain(clientName);
    expect(text).toContain('Generado el');
    const total = text.split('\n').find((line) => /^\s*Total\s+3 viajes/.test(line));
    expect(total).toMatch(/11,12\s+2:10:20\s+0,801\s+801/);
    expect(text.split('\n').find((line) => line.includes('Total Camión A'))).toMatch(/6,672\s+1:10:10\s+0,801\s+801/);
    const fuel = await report('fuel', 'pdf').expect(200);
    const fuelText = pdfText(fuel.body);
    expect(fuelText).toContain('Informe de combustible');
    expect(fuelText.split('\n').find((line) => line.includes('Camión A'))).toMatch(/6,672\s+145\s+0,801\s+0,05\s+176\.000\s+2/);
  }, 60_000);

  it("writes an English user's reports in English: file name, titles, cells, cover, page numbers and numbers (not the Spanish file cached)", async () => {
    const me = tenant.admin.user._id.toHexString();
    await api().patch(`/api/users/${me}`).set(auth()).send({ language: 'en' }).expect(200);
    try {
      const xlsx = await report('trips', 'xlsx').expect(200);
      expect(xlsx.headers['content-disposition']).toBe('attachment; filename="trips-report_2026-01-15_2026-01-15.xlsx"');
      const workbook = await readWorkbook(xlsx.body);
      expect(workbook.worksheets[0].name).toBe('Trips report');
      const rows = worksheetRows(workbook.worksheets[0]);
      expect(rows[0]).toEqual([
        'Asset',
        'Plate',
        'Start',
        'End',
        'Driver',
        'Start address',
        'End address',
        'Distance (km)',
        'Duration',
        'Max. speed (km/h)',
        'Litres',
        'Cost ($)',
      ]);
      expect(rows[1]).toEqual([
        'Camión A',
        'AAAA11',
        '15/01/2026 10:00:00',
        '15/01/2026 11:00:10',
        undefined,
        undefined,
        undefined,
        4.448,
        '1:00:10',
        72,
        0.534,
        534,
      ]);
      expect(rows[6]).toEqual(['Total', undefined, '3 trips', undefined, undefined, undefined, undefined, 11.12, '2:10:20', undefined, 0.801, 801]);
      const text = pdfText((await report('fuel', 'pdf').expect(200)).body);
      expect(text).toContain('Fuel report');
      expect(text).toContain('Generated on');
      expect(text).toContain('15/01/2026 00:00 to 15/01/2026 23:59');
      expect(text).toMatch(/Page 1 of \d+/);
      expect(text).not.toMatch(/Página|Generado|Informe/);
      expect(text.split('\n').find((line) => line.includes('Camión A'))).toMatch(/6\.672\s+145\s+0\.801\s+0\.05\s+176,000\s+2/);
    } finally {
      await api().patch(`/api/users/${me}`).set(auth()).send({ language: 'es' }).expect(200);
    }
  }, 60_000);

  it("caches a built file per client and parameters; the spec's price edit rebuilds it at the new price", async () => {
    const first = await report('trips', 'csv', { assetIds: [a.assetId] }).expect(200);
    const again = await report('trips', 'csv', { assetIds: [a.assetId] }).expect(200);
    expect(again.headers['x-report-cache']).toBe('hit');
    expect(again.body.equals(first.body)).toBe(true);
    // Another client asking the same parameters does not get it (and cannot see the asset).
    const other = await createTenant(t.app);
    await report('trips', 'csv', { assetIds: [a.assetId] }, other.admin.token).expect(404);

    await api().patch(`/api/fuel-tariffs/${tariffId}`).set(auth()).send({ pricePerLiter: 1100 }).expect(200);
    const after = await report('trips', 'csv', { assetIds: [a.assetId] }).expect(200);
    expect(after.headers['x-report-cache']).toBe('miss');
    // 0.534 × 1100 = 587.4; 0.267 × 1100 = 293.7; total 881.1.
    const lines = after.body.toString('utf8').trim().split('\r\n');
    expect(lines[1].endsWith(',0.534,587.4')).toBe(true);
    expect(lines[2].endsWith(',0.267,293.7')).toBe(true);
    expect(lines.at(-1)!.endsWith(',0.801,881.1')).toBe(true);
    // A refuel recorded rebuilds the fuel report too.
    await report('fuel', 'csv', { assetIds: [a.assetId] }).expect(200);
    expect((await report('fuel', 'csv', { assetIds: [a.assetId] }).expect(200)).headers['x-report-cache']).toBe('hit');
    await api()
      .post('/api/fuel/refuels')
      .set(auth())
      .send({ assetId: a.assetId, occurredAt: iso(T0 + 5000), liters: 5, pricePerLiter: 1100 })
      .expect(201);
    const rebuilt = await report('fuel', 'csv', { assetIds: [a.assetId] }).expect(200);
    expect(rebuilt.headers['x-report-cache']).toBe('miss');
    expect(rebuilt.body.toString('utf8').split('\r\n')[1]).toContain(',6.672,150,0.801,0.04,181500,3,');
  });

  it("prices a refuel sent without a price at its tariff's price at its moment: a custom tariff's validities, a market grade's, a pending change", async () => {
    // Custom (insertCustomTariff): 950 $/L from 60 to 20 days ago, 1000 since. Market gasoline 95:
    // 1200 $/L from 60 to 10 days ago, 1300 since (global validities, read by every client).
    const custom = await insertCustomTariff(t.connection, tenant.clientId, { name: 'Diésel propio', price: 1000, previousPrice: 950 });
    const market = await insertCustomTariff(t.connection, tenant.clientId, { name: 'Bencina 95', baseType: 'gasoline_95', custom: false, price: 1250 });
    const marketSince = daysAgo(10);
    await t.connection.collection('fuel_price_records').insertMany([
      { clientId: null, scope: 'global', fuelType: 'gasoline_95', tariffId: null, pricePerLiter: 1200, validFrom: daysAgo(60), validTo: marketSince },
      { clientId: null, scope: 'global', fuelType: 'gasoline_95', tariffId: null, pricePerLiter: 1300, validFrom: marketSince, validTo: null },
    ]);
    const c = await addAsset(t, tenant.clientId, { name: 'Camión C', plate: 'CCCC33' });
    const d = await addAsset(t, tenant.clientId, { name: 'Camión D', plate: 'DDDD44' });
    for (const [fixture, tariff] of [
      [c, custom],
      [d, market],
    ] as const) {
      await api()
        .patch(`/api/assets/${fixture.assetId}`)
        .set(auth())
        .send({ fuel: { tariffId: tariff.tariffId.toHexString(), consumptionLPer100Km: 30, tankCapacityL: 400 } })
        .expect(200);
    }
    // Many refuels, so that one read per refuel would show: 40 L each, one every 12 hours from 25 days ago (an hour off the validities' bounds).
    const times = Array.from({ length: 48 }, (_, i) => new Date(daysAgo(25).getTime() + 3_600_000 + i * 12 * 3_600_000));
    for (const fixture of [c, d]) {
      for (const at of times)
        await api().post('/api/fuel/refuels').set(auth()).send({ assetId: fixture.assetId, occurredAt: at.toISOString(), liters: 40 }).expect(201);
    }
    const customPrice = (at: Date) => (at < custom.validFrom ? 950 : 1000);
    const marketPrice = (at: Date) => (at < marketSince ? 1200 : 1300);
    const expected = (price: (at: Date) => number) => times.reduce((sum, at) => sum + 40 * price(at), 0);
    const day = (at: Date) => DateTime.fromJSDate(at).setZone('America/Santiago').toFormat('dd/MM/yyyy');
    const body = { assetIds: [c.assetId, d.assetId], from: day(daysAgo(26)), to: day(new Date()) };
    const costs = async () => {
      const lines: string[][] = (await report('fuel', 'csv', body).expect(200)).body.toString('utf8').trim().split('\r\n').map(parseCsvLine);
      return lines.slice(1, 3).map((line) => [line[0], line[3], line[6], line[7]]);
    };
    expect(await costs()).toEqual([
      ['Camión C', '1920', String(expected(customPrice)), '48'],
      ['Camión D', '1920', String(expected(marketPrice)), '48'],
    ]);
    // A price change still pending (another instance runs it) prices what came after its start, as readers see it.
    const changedAt = new Date(daysAgo(3).getTime() + 1_800_000);
    await t.connection.collection('fuel_price_changes').insertOne({
      clientId: tenant.clientId,
      tariffId: custom.tariffId,
      key: `${custom.tariffId.toHexString()}:1`,
      version: 1,
      state: 'pending',
      changedAt,
      before: { pricePerLiter: 1000, name: 'Diésel propio' },
      after: { pricePerLiter: 1100, name: 'Diésel propio' },
      previousRecordId: custom.openRecordId,
      actor: { name: 'Test' },
      leaseOwner: 'another-instance',
      leaseUntil: new Date(Date.now() + 3_600_000),
    });
    const withPending = (at: Date) => (at < changedAt ? customPrice(at) : 1100);
    expect((await costs())[0]).toEqual(['Camión C', '1920', String(expected(withPending)), '48']);
  });

  it("400 for bad bodies, 401, 403 without the permission, 404 for another client's or an out-of-scope asset", async () => {
    for (const body of [
      { format: 'docx' },
      { assetIds: [] },
      { assetIds: ['nope'] },
      { from: '2026-01-15' },
      { from: '31/02/2026' },
      { from: '16/01/2026' },
      { from: '01/01/2026', to: '02/02/2026' },
      { extra: 1 },
    ]) {
      await report('trips', 'csv', body).expect(400);
    }
    await request(t.server).post('/api/reports/trips').send({}).expect(401);
    await request(t.server).post('/api/reports/fuel').send({}).expect(401);
    const noReports = await tenant.addUser({ permissions: [Permission.Fuel] });
    await report('trips', 'csv', {}, noReports.token).expect(403);
    const noFuel = await tenant.addUser({ permissions: [Permission.Reports] });
    await report('fuel', 'csv', {}, noFuel.token).expect(403);
    await report('trips', 'csv', { assetIds: [new Types.ObjectId().toHexString()] }).expect(404);
    const scoped = await tenant.addUser({ trackerIds: [b.trackerId] });
    await report('trips', 'csv', {}, scoped.token).expect(404);
    await report('fuel', 'csv', { assetIds: [b.assetId] }, scoped.token).expect(200);
  });
});
