// Jobs are looked for every 50 ms, so a queued run and its mail show within a second.
process.env.JOBS_POLL_MS = '50';

import request from 'supertest';
import { Types } from 'mongoose';
import { DateTime } from 'luxon';
import type { ParsedMail } from 'mailparser';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { pdfPageSizes, pdfText } from '../support/pdf-text';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { RunView, runScheduleNow } from '../support/scheduled-runs';
import { eventually } from '../support/webhook-receiver';
import { sheetRows } from '../support/report-files';
import { addAsset, storeMessages, TrackedFixture } from './positions-fixtures';

const ZONE = 'America/Santiago';

/**
 * Yesterday (the client's zone) from 10:00, one message a minute: drive 10 minutes, park 20
 * (ignition off), drive 5, wait 3 with the engine on, drive 2. Sensor 1 reads 3, 4, 5, 6, 3, …
 * on every message; sensor 2 reads -18, -17, … on the first 10 only.
 */
const PLAN: Array<['drive' | 'idle' | 'park', number]> = [
  ['drive', 10],
  ['park', 20],
  ['drive', 5],
  ['idle', 3],
  ['drive', 2],
];

function yesterdaysDrive(vendorId: number, start: number): object[] {
  const messages: object[] = [];
  let lng = 0;
  for (const [kind, minutes] of PLAN) {
    for (let m = 0; m < minutes; m++) {
      const i = messages.length;
      if (kind === 'drive' && i > 0) lng = Math.round((lng + 0.01) * 100) / 100;
      messages.push({
        'device.id': vendorId,
        timestamp: start + i * 60,
        'position.latitude': -33,
        'position.longitude': -70 + lng,
        'position.speed': kind === 'drive' ? 50 : 0,
        'engine.ignition.status': kind !== 'park',
        'temperature.1': 3 + (i % 4),
        ...(i < 10 && { 'temperature.2': -18 + (i % 2) }),
      });
    }
  }
  return messages;
}

/**
 * The stops, temperature and inspections reports on a schedule: each run now for yesterday,
 * mailed through a real SMTP server (smtp-server) and read back — the workbook with exceljs, the
 * CSV as text, the PDF with poppler — every figure against the test's own data, worked out by hand.
 */
describe('scheduled stops, temperature and inspections reports', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let truck: TrackedFixture;
  let smtp: MailCatcher;
  const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).startOf('day');
  const start = yesterday.set({ hour: 10 }).toSeconds();
  const local = (unixS: number) => DateTime.fromSeconds(unixS, { zone: ZONE }).toFormat('dd-MM-yyyy HH:mm:ss');
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });

  /** Creates a daily schedule, runs it now, and answers its finished run and the mail it sent. */
  async function runNow(body: object, to: string, token = tenant.admin.token): Promise<{ run: RunView; mail: ParsedMail }> {
    const { run, mail } = await runScheduleNow(
      t.server,
      token,
      { schedule: { frequency: 'daily', time: '07:00' }, recipients: { emails: [to] }, ...body },
      smtp,
      to,
    );
    expect(run).toMatchObject({ state: 'succeeded', error: null });
    return { run, mail };
  }

  beforeAll(async () => {
    smtp = await startMailCatcher();
    process.env.SMTP_URL = smtp.url;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    truck = await addAsset(t, tenant.clientId, { name: 'Camión frío', plate: 'FR-1010' });
    await storeMessages(t, truck.trackerId, yesterdaysDrive(truck.vendorId, start));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
    delete process.env.SMTP_URL;
  });

  it('mails yesterday’s stops and idling as a workbook: one row per period, the asset’s totals', async () => {
    const { run, mail } = await runNow(
      { name: 'Detenciones de ayer', report: 'stops', format: 'xlsx', params: { assetIds: [truck.assetId] } },
      'stops@example.cl',
    );
    // The park: still from minute 10 until minute 30 moves it (20 min); the wait with the engine
    // on: minutes 35 to 38 (3 min) — idling, too short to be a stop.
    expect(run).toMatchObject({ rows: 2, fileName: `informe-detenciones_${yesterday.toFormat('yyyy-MM-dd')}_${yesterday.toFormat('yyyy-MM-dd')}.xlsx` });
    const rows = await sheetRows(mail.attachments[0].content);
    expect(rows).toEqual([
      ['Activo', 'Patente', 'Tipo', 'Inicio', 'Fin', 'Duración', 'Dirección', 'Latitud', 'Longitud'],
      ['Camión frío', 'FR-1010', 'Detención', local(start + 600), local(start + 1800), '0:20:00', undefined, -33, -69.91],
      ['Camión frío', 'FR-1010', 'Ralentí', local(start + 2100), local(start + 2280), '0:03:00', undefined, -33, -69.86],
      ['Total Camión frío', 'FR-1010', '1 detenciones, 1 ralentí', undefined, undefined, '0:23:00', 'detenido 0:20:00, ralentí 0:03:00'],
    ]);
  });

  it('mails each recipient the file in their language: an English user the English workbook, an outside address the Spanish one', async () => {
    const me = tenant.admin.user._id.toHexString();
    await request(t.server).patch(`/api/users/${me}`).set(auth()).send({ language: 'en' }).expect(200);
    try {
      const outside = 'fuera@example.cl';
      const body = {
        name: 'Stops both ways',
        report: 'stops',
        format: 'xlsx',
        params: { assetIds: [truck.assetId] },
        schedule: { frequency: 'daily', time: '07:00' },
        recipients: { userIds: [me], emails: [outside] },
      };
      const { run, mail: spanish } = await runScheduleNow(t.server, tenant.admin.token, body, smtp, outside);
      const english = await eventually(() => smtp.mails.find((m) => (m.to as { text: string }).text === tenant.admin.email) ?? null, 'the English mail');
      const day = yesterday.toFormat('yyyy-MM-dd');
      // The run records the owner's file: the owner reads English.
      expect(run).toMatchObject({ state: 'succeeded', fileName: `stops-report_${day}_${day}.xlsx` });
      expect([english.attachments[0].filename, spanish.attachments[0].filename]).toEqual([
        `stops-report_${day}_${day}.xlsx`,
        `informe-detenciones_${day}_${day}.xlsx`,
      ]);
      const rowsOf = (mail: ParsedMail) => sheetRows(mail.attachments[0].content);
      const englishTime = (unixS: number) => DateTime.fromSeconds(unixS, { zone: ZONE }).toFormat('dd/MM/yyyy HH:mm:ss');
      expect(await rowsOf(english)).toEqual([
        ['Asset', 'Plate', 'Kind', 'Start', 'End', 'Duration', 'Address', 'Latitude', 'Longitude'],
        ['Camión frío', 'FR-1010', 'Stop', englishTime(start + 600), englishTime(start + 1800), '0:20:00', undefined, -33, -69.91],
        ['Camión frío', 'FR-1010', 'Idling', englishTime(start + 2100), englishTime(start + 2280), '0:03:00', undefined, -33, -69.86],
        ['Total Camión frío', 'FR-1010', '1 stops, 1 idling', undefined, undefined, '0:23:00', 'stopped 0:20:00, idling 0:03:00'],
      ]);
      expect((await rowsOf(spanish))[0]).toEqual(['Activo', 'Patente', 'Tipo', 'Inicio', 'Fin', 'Duración', 'Dirección', 'Latitud', 'Longitud']);
    } finally {
      await request(t.server).patch(`/api/users/${me}`).set(auth()).send({ language: 'es' }).expect(200);
    }
  });

  it('mails yesterday’s temperatures as CSV: per sensor, and over all of the asset’s sensors', async () => {
    const { run, mail } = await runNow(
      { name: 'Frío de ayer', report: 'temperature', format: 'csv', params: { assetIds: [truck.assetId] } },
      'frio@example.cl',
    );
    expect(run.rows).toBe(2);
    // Sensor 1: 40 readings cycling 3..6 (mean 4.5); sensor 2: 10 readings -18/-17 (mean -17.5);
    // over both: (40 × 4.5 + 10 × -17.5) / 50 = 0.1.
    expect(mail.attachments[0].content.toString('utf8').trim().split('\r\n')).toEqual([
      'Activo,Patente,Sensor,Mínima (°C),Máxima (°C),Promedio (°C),Lecturas',
      'Camión frío,FR-1010,temperature.1,3,6,4.5,40',
      'Camión frío,FR-1010,temperature.2,-18,-17,-17.5,10',
      'Total Camión frío,FR-1010,2 sensores,-18,6,0.1,50',
    ]);
  });

  it('mails yesterday’s inspections within the owner’s trackers as a landscape PDF; only the critical ones when asked', async () => {
    const other = await addAsset(t, tenant.clientId, { name: 'Grúa', plate: 'GR-2020' });
    const inspector = await tenant.addUser({ permissions: [Permission.Inspections] });
    await t.connection.collection('users').updateOne({ _id: inspector.user._id }, { $set: { name: 'Rosa Díaz' } });
    const stranger = await createTenant(t.app);
    const inspection = (assetId: string, at: DateTime, critical: boolean, extra: object = {}) => ({
      clientId: tenant.clientId,
      assetId: new Types.ObjectId(assetId),
      inspectorId: inspector.user._id,
      formId: new Types.ObjectId(),
      formVersion: 1,
      formName: 'Checklist diario',
      answers: [
        { fieldId: 'f1', type: 'yes_no', label: 'Frenos', value: !critical, critical },
        { fieldId: 'f2', type: 'text', label: 'Notas', value: 'sin novedad', critical: false },
      ],
      critical,
      criticalFieldIds: critical ? ['f1'] : [],
      submittedAt: at.toJSDate(),
      ...extra,
    });
    await t.connection.collection('inspections').insertMany([
      inspection(truck.assetId, yesterday.set({ hour: 9 }), true, { odometerKm: 120500 }),
      inspection(other.assetId, yesterday.set({ hour: 15, minute: 30 }), false),
      // Not yesterday, or not this client's: left out.
      inspection(truck.assetId, yesterday.plus({ days: 1, hours: 8 }), true),
      inspection(truck.assetId, yesterday.minus({ hours: 1 }), false),
      { ...inspection(truck.assetId, yesterday.set({ hour: 11 }), true), clientId: stranger.clientId },
    ]);

    const { run, mail } = await runNow({ name: 'Inspecciones de ayer', report: 'inspections', format: 'pdf' }, 'inspecciones@example.cl');
    expect(run.rows).toBe(2);
    const pdf = mail.attachments[0].content;
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(pdfPageSizes(pdf).every(({ width, height }) => width > height)).toBe(true);
    const lines = pdfText(pdf).split('\n');
    expect(lines.find((line) => line.includes('FR-1010'))).toMatch(
      new RegExp(`${local(yesterday.set({ hour: 9 }).toSeconds())}\\s+Camión frío\\s+FR-1010\\s+Checklist diario\\s+Rosa Díaz\\s+Sí\\s+Frenos\\s+120\\.500`),
    );
    expect(lines.find((line) => line.includes('GR-2020'))).toMatch(/15:30:00\s+Grúa\s+GR-2020\s+Checklist diario\s+Rosa Díaz\s+No/);
    expect(lines.find((line) => /^\s*Total/.test(line))).toMatch(/Total\s+2 inspecciones\s+1 críticas/);

    // A user limited to the truck's tracker sees only its inspection; only the critical ones asked.
    const limited = await tenant.addUser({ permissions: [Permission.Reports, Permission.Inspections], trackerIds: [other.trackerId] });
    const critical = await runNow(
      { name: 'Críticas de ayer', report: 'inspections', format: 'csv', params: { critical: true }, recipients: { emails: ['criticas@example.cl'] } },
      'criticas@example.cl',
      limited.token,
    );
    expect(critical.run.rows).toBe(0);
    const scoped = await runNow({ name: 'Todas de ayer', report: 'inspections', format: 'csv' }, 'grua@example.cl', limited.token);
    expect(scoped.mail.attachments[0].content.toString('utf8').trim().split('\r\n').slice(1)).toEqual([
      `${local(yesterday.set({ hour: 15, minute: 30 }).toSeconds())},Grúa,GR-2020,Checklist diario,Rosa Díaz,No,,,`,
      'Total,,,1 inspecciones,,0 críticas,,,',
    ]);
  });

  it('refuses params a report does not take: 400, nothing stored', async () => {
    const refused = async (body: object) =>
      (
        await request(t.server)
          .post('/api/scheduled-reports')
          .set(auth())
          .send({ name: 'Mal', format: 'csv', schedule: { frequency: 'daily', time: '07:00' }, recipients: { emails: ['x@example.cl'] }, ...body })
          .expect(400)
      ).body;
    expect((await refused({ report: 'stops', params: { assetIds: ['nope'] } })).error).toContain('assetIds');
    expect((await refused({ report: 'temperature', params: {} })).error).toContain('assetIds');
    expect((await refused({ report: 'inspections', params: { critical: 'yes' } })).error).toContain('critical');
    expect((await refused({ report: 'inspections', params: { assetId: truck.assetId } })).error).toContain('unknown assetId');
    const names = ((await request(t.server).get('/api/scheduled-reports').set(auth()).expect(200)).body.data as Array<{ name: string }>).map((s) => s.name);
    expect(names).not.toContain('Mal');
  });
});
