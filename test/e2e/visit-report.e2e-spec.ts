// Jobs are looked for every 50 ms, so a scheduled run and its mail show within a second.
process.env.JOBS_POLL_MS = '50';

import { DateTime } from 'luxon';
import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { pdfText } from '../support/pdf-text';
import { runScheduleNow } from '../support/scheduled-runs';
import { binaryBody, sheetRows } from '../support/report-files';
import { addAsset, TrackedFixture } from './positions-fixtures';

const ZONE = 'America/Santiago';
/** A local time in Santiago (UTC-3 in January) as a Date. */
const at = (text: string) => DateTime.fromFormat(text, 'dd/MM/yyyy HH:mm:ss', { zone: ZONE }).toJSDate();
/** A CSV's lines, cells split at commas (no cell of this test's data holds one). */
const csvLines = (body: Buffer) =>
  body
    .toString('utf8')
    .trim()
    .split('\r\n')
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));

/**
 * The visit report (DESIGN.md, "Places and visits", "visit report"), from visits stored in the
 * `visits` collection: one row per visit overlapping the period, a total per place, per asset and
 * in all, read back from the xlsx (exceljs), csv and pdf (pdftotext); the `visits` schedule mailed
 * through a real SMTP server. Every figure worked out by hand from the visits below.
 */
describe('visit report', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let smtp: MailCatcher;
  let a: TrackedFixture;
  let b: TrackedFixture;
  let yardId: string;
  let customerId: string;
  let foreignPlaceId: string;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const report = (format: string, body: object = {}, token?: string) =>
    request(t.server)
      .post('/api/reports/visits')
      .set(auth(token))
      .buffer(true)
      .parse(binaryBody)
      .send({ assetIds: [a.assetId, b.assetId], from: '15/01/2026', to: '15/01/2026', format, ...body });
  const addPlace = async (clientId: Types.ObjectId, name: string) => {
    const { insertedId } = await t.connection.collection('places').insertOne({
      clientId,
      name,
      address: '',
      externalId: null,
      location: { type: 'Point', coordinates: [-70.7, -33.5] },
      radiusM: 100,
      area: null,
      tags: [],
      notes: '',
      visitMinutes: 3,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    return insertedId.toHexString();
  };
  const addVisit = (asset: TrackedFixture, assetName: string, placeId: string, placeName: string, arrivedAt: Date, departedAt: Date | null) =>
    t.connection.collection('visits').insertOne({
      clientId: tenant.clientId,
      assetId: new Types.ObjectId(asset.assetId),
      assetName,
      placeId: new Types.ObjectId(placeId),
      placeName,
      driverId: null,
      driverName: null,
      arrivedAt,
      departedAt,
    });

  beforeAll(async () => {
    smtp = await startMailCatcher();
    process.env.SMTP_URL = smtp.url;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    a = await addAsset(t, tenant.clientId, { name: 'Camión A', plate: 'AAAA11' });
    b = await addAsset(t, tenant.clientId, { name: 'Camión B', plate: 'BBBB22' });
    yardId = await addPlace(tenant.clientId, 'Bodega Norte');
    // Renamed since the visits: the report shows the place's name of today.
    customerId = await addPlace(tenant.clientId, 'Cliente Lo Valledor');
    foreignPlaceId = await addPlace((await createTenant(t.app)).clientId, 'Ajeno');
    // Overlapping the 15th from the day before: 30 min, its arrival shown as it was.
    await addVisit(a, 'Camión A', yardId, 'Bodega Norte', at('14/01/2026 23:50:00'), at('15/01/2026 00:20:00'));
    await addVisit(a, 'Camión A', customerId, 'Cliente (antiguo)', at('15/01/2026 10:00:00'), at('15/01/2026 10:30:00'));
    await addVisit(b, 'Camión B', customerId, 'Cliente (antiguo)', at('15/01/2026 11:00:00'), at('15/01/2026 11:45:30'));
    await addVisit(a, 'Camión A', yardId, 'Bodega Norte', at('15/01/2026 12:00:00'), at('15/01/2026 12:20:00'));
    await addVisit(a, 'Camión A', customerId, 'Cliente (antiguo)', at('15/01/2026 14:00:00'), at('15/01/2026 14:10:00'));
    // Outside the period: the 16th.
    await addVisit(b, 'Camión B', yardId, 'Bodega Norte', at('16/01/2026 09:00:00'), at('16/01/2026 09:05:00'));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
    delete process.env.SMTP_URL;
  });

  it('builds the xlsx: one row per visit by place and arrival, a total per place, per asset and in all, in the client’s zone', async () => {
    const res = await report('xlsx').expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="informe-visitas_2026-01-15_2026-01-15.xlsx"');
    expect(await sheetRows(res.body)).toEqual([
      ['Activo', 'Patente', 'Lugar', 'Llegada', 'Salida', 'Permanencia (min)'],
      ['Camión A', 'AAAA11', 'Bodega Norte', '14-01-2026 23:50:00', '15-01-2026 00:20:00', 30],
      ['Camión A', 'AAAA11', 'Bodega Norte', '15-01-2026 12:00:00', '15-01-2026 12:20:00', 20],
      ['Total Bodega Norte', undefined, '2 visitas', undefined, undefined, 50],
      ['Camión A', 'AAAA11', 'Cliente Lo Valledor', '15-01-2026 10:00:00', '15-01-2026 10:30:00', 30],
      ['Camión B', 'BBBB22', 'Cliente Lo Valledor', '15-01-2026 11:00:00', '15-01-2026 11:45:30', 45.5],
      ['Camión A', 'AAAA11', 'Cliente Lo Valledor', '15-01-2026 14:00:00', '15-01-2026 14:10:00', 10],
      ['Total Cliente Lo Valledor', undefined, '3 visitas', undefined, undefined, 85.5],
      ['Total Camión A', 'AAAA11', '4 visitas', undefined, undefined, 90],
      ['Total Camión B', 'BBBB22', '1 visitas', undefined, undefined, 45.5],
      ['Total', undefined, '5 visitas', undefined, undefined, 135.5],
    ]);
    const event = await t.connection.collection('activity_events').findOne({ clientId: tenant.clientId, action: 'visit_report.generate' });
    expect(event).toMatchObject({ resourceType: 'visit_report', details: { format: 'xlsx', rows: 5 } });
  });

  it('builds the csv, and keeps to the places asked (every asset still totalled)', async () => {
    const res = await report('csv', { placeIds: [yardId] }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvLines(res.body)).toEqual([
      ['Activo', 'Patente', 'Lugar', 'Llegada', 'Salida', 'Permanencia (min)'],
      ['Camión A', 'AAAA11', 'Bodega Norte', '14-01-2026 23:50:00', '15-01-2026 00:20:00', '30'],
      ['Camión A', 'AAAA11', 'Bodega Norte', '15-01-2026 12:00:00', '15-01-2026 12:20:00', '20'],
      ['Total Bodega Norte', '', '2 visitas', '', '', '50'],
      ['Total Camión A', 'AAAA11', '2 visitas', '', '', '50'],
      ['Total Camión B', 'BBBB22', '0 visitas', '', '', '0'],
      ['Total', '', '2 visitas', '', '', '50'],
    ]);
  });

  it('builds the pdf with the cover and the totals (pdftotext)', async () => {
    const res = await report('pdf').expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.body);
    expect(text).toContain('Informe de visitas');
    expect(text).toContain('Generado el');
    expect(text.split('\n').find((line) => line.includes('Total Cliente Lo Valledor'))).toMatch(/3 visitas\s+85,5/);
    expect(text.split('\n').find((line) => /^\s*Total\s+5 visitas/.test(line))).toMatch(/135,5/);
  }, 60_000);

  it('shows a visit still going on as such, its dwell so far', async () => {
    const c = await addAsset(t, tenant.clientId, { name: 'Camión C', plate: 'CCCC33' });
    const arrived = DateTime.now().setZone(ZONE).minus({ minutes: 90 }).startOf('second');
    await addVisit(c, 'Camión C', yardId, 'Bodega Norte', arrived.toJSDate(), null);
    const day = arrived.toFormat('dd/MM/yyyy');
    const rows = await sheetRows((await report('xlsx', { assetIds: [c.assetId], from: day, to: day }).expect(200)).body);
    expect(rows[1].slice(0, 5)).toEqual(['Camión C', 'CCCC33', 'Bodega Norte', arrived.toFormat('dd-MM-yyyy HH:mm:ss'), 'en el lugar']);
    expect(rows[1][5]).toBeGreaterThanOrEqual(90);
    expect(rows[1][5]).toBeLessThan(92);
  });

  it('writes an English user’s report in English', async () => {
    const me = tenant.admin.user._id.toHexString();
    await request(t.server).patch(`/api/users/${me}`).set(auth()).send({ language: 'en' }).expect(200);
    try {
      const res = await report('xlsx').expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="visits-report_2026-01-15_2026-01-15.xlsx"');
      const rows = await sheetRows(res.body);
      expect(rows[0]).toEqual(['Asset', 'Plate', 'Place', 'Arrived', 'Departed', 'Dwell (min)']);
      expect(rows[1]).toEqual(['Camión A', 'AAAA11', 'Bodega Norte', '14/01/2026 23:50:00', '15/01/2026 00:20:00', 30]);
      expect(rows.at(-1)).toEqual(['Total', undefined, '5 visits', undefined, undefined, 135.5]);
    } finally {
      await request(t.server).patch(`/api/users/${me}`).set(auth()).send({ language: 'es' }).expect(200);
    }
  });

  it("400 for bad bodies, 401, 403 without access_places, 404 for another client's or an out-of-scope asset or place", async () => {
    const tooMany = Array.from({ length: 501 }, () => new Types.ObjectId().toHexString());
    for (const body of [
      { format: 'docx' },
      { assetIds: [] },
      { from: '2026-01-15' },
      { from: '31/02/2026' },
      { from: '16/01/2026' },
      { from: '01/01/2026', to: '02/02/2026' },
      { extra: 1 },
      { placeIds: [] },
      { placeIds: ['nope'] },
      { placeIds: [yardId, yardId] },
      { placeIds: tooMany },
    ]) {
      await report('csv', body).expect(400);
    }
    await request(t.server).post('/api/reports/visits').send({}).expect(401);
    const reportsOnly = await tenant.addUser({ permissions: [Permission.Reports] });
    await report('csv', {}, reportsOnly.token).expect(403);
    await report('csv', { assetIds: [new Types.ObjectId().toHexString()] }).expect(404);
    await report('csv', { placeIds: [new Types.ObjectId().toHexString()] }).expect(404);
    await report('csv', { placeIds: [yardId, foreignPlaceId] }).expect(404);
    const scoped = await tenant.addUser({ permissions: [Permission.Places], trackerIds: [b.trackerId] });
    await report('csv', {}, scoped.token).expect(404);
    const own = csvLines((await report('csv', { assetIds: [b.assetId] }, scoped.token).expect(200)).body);
    expect(own.at(-1)).toEqual(['Total', '', '1 visitas', '', '', '45.5']);
  });

  it('runs a `visits` schedule: yesterday’s visits mailed as a workbook', async () => {
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).startOf('day');
    await addVisit(a, 'Camión A', customerId, 'Cliente Lo Valledor', yesterday.set({ hour: 9 }).toJSDate(), yesterday.set({ hour: 9, minute: 40 }).toJSDate());
    const daily = { schedule: { frequency: 'daily', time: '07:00' }, recipients: { emails: ['visitas@example.cl'] } };
    await request(t.server)
      .post('/api/scheduled-reports')
      .set(auth())
      .send({ ...daily, name: 'Mal', report: 'visits', format: 'xlsx', params: { assetIds: [a.assetId], placeIds: ['nope'] } })
      .expect(400);
    const { run, mail } = await runScheduleNow(
      t.server,
      tenant.admin.token,
      { ...daily, name: 'Visitas de ayer', report: 'visits', format: 'xlsx', params: { assetIds: [a.assetId], placeIds: [customerId] } },
      smtp,
      'visitas@example.cl',
    );
    const day = yesterday.toFormat('yyyy-MM-dd');
    expect(run).toMatchObject({ state: 'succeeded', error: null, rows: 1, fileName: `informe-visitas_${day}_${day}.xlsx` });
    const local = (hour: number, minute: number) => yesterday.set({ hour, minute }).toFormat('dd-MM-yyyy HH:mm:ss');
    expect(await sheetRows(mail.attachments[0].content)).toEqual([
      ['Activo', 'Patente', 'Lugar', 'Llegada', 'Salida', 'Permanencia (min)'],
      ['Camión A', 'AAAA11', 'Cliente Lo Valledor', local(9, 0), local(9, 40), 40],
      ['Total Cliente Lo Valledor', undefined, '1 visitas', undefined, undefined, 40],
      ['Total Camión A', 'AAAA11', '1 visitas', undefined, undefined, 40],
      ['Total', undefined, '1 visitas', undefined, undefined, 40],
    ]);
  }, 60_000);
});
