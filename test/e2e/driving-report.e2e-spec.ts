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
import { addCamionA, driveOfCamionA, scriptedDrive } from './driving-fixtures';
import { addAsset, ingestMessages, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-driving-report-0123456789';
const ZONE = 'America/Santiago';
const T0 = Math.floor(Date.UTC(2026, 10, 20, 12, 0, 0) / 1000);
const HEADER = [
  'Activo / conductor',
  'Patente',
  'Puntaje',
  'Distancia (km)',
  'Conducción (h)',
  'Aceleraciones /100 km',
  'Frenadas /100 km',
  'Giros /100 km',
  'Exceso >10 (%)',
  'Exceso >20 (%)',
  'Exceso >30 (%)',
  'Ralentí (%)',
  'Eventos bruscos',
];

/**
 * The driving report (DESIGN.md, "Driving behaviour"): the figures of `GET /api/driving-scores`
 * from ingested drives, read back from the workbook (exceljs) and the PDF (pdftotext); the
 * `driving` schedule created, validated and mailed through a real SMTP server.
 */
describe('driving report', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let smtp: MailCatcher;
  let a: TrackedFixture;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const report = (body: object = {}, token?: string) =>
    request(t.server)
      .post('/api/reports/driving')
      .set(auth(token))
      .buffer(true)
      .parse(binaryBody)
      .send({ assetIds: [a.assetId], from: '2026-11-20T00:00:00-03:00', to: '2026-11-20T23:59:59-03:00', format: 'xlsx', ...body });

  beforeAll(async () => {
    smtp = await startMailCatcher();
    process.env.SMTP_URL = smtp.url;
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    a = await addCamionA(t, tenant);
    await request(t.server)
      .patch('/api/driving-score-settings')
      .set(auth())
      .send({ weights: { speeding10: 0.1, speeding20: 0.1, speeding30: 0.3, idling: 0.3 } })
      .expect(200);
    await ingestMessages(t, TOKEN, driveOfCamionA(a, T0).messages);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('writes the scores’ figures as a workbook, one row per asset', async () => {
    const res = await report().expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="informe-conduccion_2026-11-20_2026-11-20.xlsx"');
    const api = (
      await request(t.server)
        .get(`/api/driving-scores?from=2026-11-20T00:00:00-03:00&to=2026-11-20T23:59:59-03:00&assetIds=${a.assetId}`)
        .set(auth())
        .expect(200)
    ).body.data[0];
    const rows = await sheetRows(res.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]).toEqual(['Camión A', 'AAAA11', 80, api.distanceKm, 0.03, 0, 0, 0, 50, 25, 8.33, 33.33, 0]);
    expect(rows).toHaveLength(2);
  });

  it('writes a PDF with the cover and the same row (pdftotext)', async () => {
    const res = await report({ format: 'pdf' }).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.body);
    expect(text).toContain('Informe de conducción');
    expect(text.split('\n').find((line) => line.includes('Camión A'))).toMatch(/AAAA11\s+80\s/);
  }, 60_000);

  it('writes one row per driver with driverIds, from the driver assignments', async () => {
    const driver = (await request(t.server).post('/api/drivers').set(auth()).send({ firstName: 'Ana', lastName: 'Rojas', rut: '10000001-6' }).expect(201)).body
      .data.id;
    await request(t.server)
      .post(`/api/assets/${a.assetId}/driver-assignments`)
      .set(auth())
      .send({ driverId: driver, from: '2026-11-20T08:00:00-03:00' })
      .expect(201);
    const rows = await sheetRows((await report({ assetIds: undefined, driverIds: [driver] }).expect(200)).body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(['Ana Rojas', undefined, 80, expect.any(Number), 0.03, 0, 0, 0, 50, 25, 8.33, 33.33, 0]);
  });

  it('400 for bad bodies, 401, 403 without access_reports, 404 for another client’s or an out-of-scope asset', async () => {
    for (const body of [
      { format: 'csv' },
      { assetIds: [] },
      { assetIds: ['nope'] },
      { from: '20/11/2026' },
      { from: '2026-11-20T00:00:00' },
      { from: '2026-11-21T03:00:00Z' },
      { from: '2026-10-01T00:00:00Z', to: '2026-11-02T00:00:00Z' },
      { groupBy: 'fleet' },
      { extra: 1 },
    ]) {
      expect(JSON.parse((await report(body).expect(400)).body.toString('utf8'))).toMatchObject({ error: expect.any(String) });
    }
    await request(t.server).post('/api/reports/driving').send({}).expect(401);
    const noReports = await tenant.addUser({ permissions: [Permission.Positions] });
    await report({}, noReports.token).expect(403);
    await report({ assetIds: [new Types.ObjectId().toHexString()] }).expect(404);
    const other = await createTenant(t.app);
    const theirs = await addAsset(t, other.clientId);
    await report({ assetIds: [theirs.assetId] }).expect(404);
    const scoped = await tenant.addUser({ permissions: [Permission.Reports], trackerIds: [new Types.ObjectId()] });
    await report({}, scoped.token).expect(404);
  });

  it('runs a `driving` schedule: yesterday’s scores mailed as a workbook; bad params refused', async () => {
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const b = await addAsset(t, tenant.clientId, { name: 'Camión B', plate: 'BBBB22' });
    await ingestMessages(t, TOKEN, scriptedDrive(b, { ts: yesterday.toSeconds(), lat: -33.2, lng: -70.5 }, [40, 40, 40], 3).messages);
    const daily = { schedule: { frequency: 'daily', time: '07:00' }, recipients: { emails: ['conduccion@example.cl'] } };
    for (const params of [{ assetIds: ['nope'] }, { groupBy: 'fleet' }, { placeIds: [] }, { driverIds: [] }]) {
      await request(t.server)
        .post('/api/scheduled-reports')
        .set(auth())
        .send({ ...daily, name: 'Mal', report: 'driving', format: 'xlsx', params })
        .expect(400);
    }
    await request(t.server)
      .post('/api/scheduled-reports')
      .set(auth())
      .send({ ...daily, name: 'Mal', report: 'driving', format: 'csv', params: {} })
      .expect(400);
    const { run, mail } = await runScheduleNow(
      t.server,
      tenant.admin.token,
      { ...daily, name: 'Conducción de ayer', report: 'driving', format: 'xlsx', params: { assetIds: [b.assetId] } },
      smtp,
      'conduccion@example.cl',
    );
    const day = yesterday.toFormat('yyyy-MM-dd');
    expect(run).toMatchObject({ state: 'succeeded', error: null, rows: 1, fileName: `informe-conduccion_${day}_${day}.xlsx` });
    const rows = await sheetRows(mail.attachments[0].content);
    expect(rows[0]).toEqual(HEADER);
    // 30 s at 40 km/h, no limit; 30 s idling: 100 − 100·0.3·0.5.
    expect(rows[1]).toEqual(['Camión B', 'BBBB22', 85, expect.closeTo((40 * 30) / 3600, 2), 0.01, 0, 0, 0, 0, 0, 0, 50, 0]);
  }, 60_000);
});
