// Jobs are looked for every 50 ms, so a queued run and its mail show within a second.
process.env.JOBS_POLL_MS = '50';

import request from 'supertest';
import { Types } from 'mongoose';
import { DateTime } from 'luxon';
import ExcelJS from 'exceljs';
import { Permission } from '@app/auth';
import { Jobs } from '@app/jobs';
import { createTestApp, TestApp } from '@app/testing';
import { RUN_JOB, ScheduledReportsSweep } from '../../src/scheduled-reports';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { createTestAppWithPortal, TestAppWithPortal } from '../support/app-with-portal';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { eventually } from '../support/webhook-receiver';

const ZONE = 'America/Santiago';
const UNKNOWN = new Types.ObjectId().toHexString();

interface RunView {
  id: string;
  state: string;
  manual: boolean;
  dueAt: string;
  rows: number | null;
  fileName: string | null;
  error: string | null;
  nextAttemptAt: string | null;
  attempts: number;
}

/**
 * Scheduled reports end to end: CRUD and its refusals through HTTP, runs made by the real due
 * sweep and job (two app instances sweeping at once), the file mailed through a real SMTP server
 * (smtp-server) and read back — the CSV's rows against the test's own activity events of the
 * period, the workbook with exceljs — and a failing portal recorded, retried and mailed once.
 */
describe('scheduled reports', () => {
  let app: TestAppWithPortal;
  let t: TestApp;
  let tenant: TestTenant;
  let smtp: MailCatcher;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const daily = {
    name: 'Actividad de ayer',
    report: 'activity',
    format: 'csv',
    schedule: { frequency: 'daily', time: '07:00' },
    recipients: { emails: ['Gerencia@Example.com'] },
  };
  const create = async (body: object = daily, token?: string) => (await api().post('/api/scheduled-reports').set(auth(token)).send(body).expect(201)).body.data;
  const mailsTo = (address: string) => smtp.to(address);

  beforeAll(async () => {
    smtp = await startMailCatcher();
    process.env.SMTP_URL = smtp.url;
    app = await createTestAppWithPortal();
    t = app.t;
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    delete process.env.SMTP_URL;
  });

  it('creates, reads, lists, changes and deletes a schedule, with its next run in the client’s zone, each in the activity log', async () => {
    const created = await create();
    const expectedNext = (() => {
      const now = DateTime.now().setZone(ZONE);
      const today = now.set({ hour: 7, minute: 0, second: 0, millisecond: 0 });
      return (today > now ? today : today.plus({ days: 1 })).toUTC().toISO();
    })();
    expect(created).toMatchObject({
      name: 'Actividad de ayer',
      report: 'activity',
      params: {},
      format: 'csv',
      enabled: true,
      ownerId: tenant.admin.user._id.toHexString(),
      schedule: { frequency: 'daily', time: '07:00', dayOfWeek: null, dayOfMonth: null, timeZone: ZONE },
      recipients: { emails: ['gerencia@example.com'], userIds: [] },
    });
    expect(new Date(created.nextRunAt).toISOString()).toBe(expectedNext);
    expect((await api().get(`/api/scheduled-reports/${created.id}`).set(auth()).expect(200)).body.data).toEqual(created);

    const second = await create({ ...daily, name: 'Semanal', format: 'xlsx', schedule: { frequency: 'weekly', time: '08:30', dayOfWeek: 1, timeZone: 'UTC' } });
    const page = await api().get('/api/scheduled-reports?limit=1').set(auth()).expect(200);
    expect(page.body.data.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const next = await api().get(`/api/scheduled-reports?limit=1&cursor=${page.body.page.nextCursor}`).set(auth()).expect(200);
    expect(next.body.data.map((r: { id: string }) => r.id)).toEqual([created.id]);
    // Monday 08:30 UTC, after now.
    const monday = DateTime.fromISO(second.nextRunAt, { zone: 'UTC' });
    expect([monday.weekday, monday.hour, monday.minute, monday > DateTime.now()]).toEqual([1, 8, 30, true]);

    const disabled = (await api().patch(`/api/scheduled-reports/${second.id}`).set(auth()).send({ enabled: false }).expect(200)).body.data;
    expect(disabled).toMatchObject({ enabled: false, nextRunAt: null });
    const monthly = (
      await api()
        .patch(`/api/scheduled-reports/${second.id}`)
        .set(auth())
        .send({ enabled: true, schedule: { frequency: 'monthly', time: '06:00', dayOfMonth: 31 } })
        .expect(200)
    ).body.data;
    const lastDay = DateTime.fromISO(monthly.nextRunAt, { zone: ZONE });
    expect([lastDay.day, lastDay.hour]).toEqual([lastDay.daysInMonth, 6]);
    expect((await api().delete(`/api/scheduled-reports/${second.id}`).set(auth()).expect(200)).body.data).toEqual({ id: second.id });
    await api().get(`/api/scheduled-reports/${second.id}`).set(auth()).expect(404);
    const log = (await api().get('/api/activity-log?entityType=scheduled_report&limit=50').set(auth()).expect(200)).body.data as Array<{
      action: string;
      resourceId: string;
    }>;
    expect(
      log
        .filter((e) => e.resourceId === second.id)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['scheduled_report.create', 'scheduled_report.delete', 'scheduled_report.update', 'scheduled_report.update']);
  });

  it('refuses what is not a schedule: 400 naming the field, nothing written', async () => {
    const other = await createTenant(t.app);
    const before = await t.connection.collection('scheduled_reports').countDocuments();
    const cases: Array<[object, string]> = [
      [{ ...daily, report: 'stops' }, 'params.assetIds must be 1 to 100 distinct asset ids'],
      [{ ...daily, report: 'weather' }, 'report must be one of'],
      [{ ...daily, format: 'pdf' }, 'activity reports come as csv or xlsx'],
      [{ ...daily, params: { colour: 'red' } }, 'params: unknown colour'],
      [{ ...daily, params: { action: 42 } }, 'params.action must be a text'],
      [{ ...daily, schedule: { frequency: 'weekly', time: '07:00' } }, 'a weekly schedule needs dayOfWeek'],
      [{ ...daily, schedule: { frequency: 'daily', time: '07:00', dayOfMonth: 3 } }, 'dayOfMonth is only for monthly schedules'],
      [{ ...daily, schedule: { frequency: 'daily', time: '24:00' } }, 'time must be HH:mm'],
      [{ ...daily, schedule: { frequency: 'daily', time: '07:00', timeZone: 'Mars/Olympus' } }, 'timeZone must be an IANA time zone'],
      [{ ...daily, recipients: {} }, 'send the report to at least one address or user'],
      [{ ...daily, recipients: { userIds: [other.admin.user._id.toHexString()] } }, `No active user ${other.admin.user._id.toHexString()}`],
      [{ ...daily, recipients: { emails: ['not-an-address'] } }, 'emails must be e-mail addresses'],
      [{ ...daily, owner: 'me' }, 'owner'],
    ];
    for (const [body, message] of cases) {
      const res = await api().post('/api/scheduled-reports').set(auth()).send(body).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const proto = await api()
      .post('/api/scheduled-reports')
      .set(auth())
      .set('content-type', 'application/json')
      .send(
        `{"name":"x","report":"activity","format":"csv","schedule":{"frequency":"daily","time":"07:00"},"recipients":{"emails":["a@b.cl"]},"params":{"__proto__":{"admin":true}}}`,
      )
      .expect(400);
    expect(JSON.stringify(proto.body)).toContain('params');
    expect(await t.connection.collection('scheduled_reports').countDocuments()).toBe(before);
  });

  it('refuses a schedule or its recipients left out, or sent as a list, with a 400 (the fuzzer’s body was a 500)', async () => {
    const before = await t.connection.collection('scheduled_reports').countDocuments();
    const { recipients: _recipients, ...withoutRecipients } = daily;
    const { schedule: _schedule, ...withoutSchedule } = daily;
    const found = {
      report: 'trips',
      params: {},
      format: 'xlsx',
      name: 'Viajes de ayer',
      schedule: { frequency: 'daily', time: '07:00', dayOfWeek: 1, dayOfMonth: 1, timeZone: 'America/Santiago' },
      enabled: true,
    };
    const cases: Array<[object, string]> = [
      [found, 'recipients must be an object'],
      [withoutRecipients, 'recipients must be an object'],
      [withoutSchedule, 'schedule must be an object'],
      [{ ...daily, recipients: [] }, 'recipients must be an object'],
      [{ ...daily, schedule: [] }, 'schedule must be an object'],
    ];
    for (const [body, message] of cases) {
      const res = await api().post('/api/scheduled-reports').set(auth()).send(body);
      expect([res.status, res.body.error]).toEqual([400, expect.stringContaining(message)]);
    }
    expect(await t.connection.collection('scheduled_reports').countDocuments()).toBe(before);
  });

  it('keeps schedules to their client and to the permissions of the report: 401, 403, 404', async () => {
    const mine = await create();
    const other = await createTenant(t.app);
    await request(t.server).get(`/api/scheduled-reports/${mine.id}`).expect(401);
    await request(t.server).get(`/api/scheduled-reports/${mine.id}`).set(auth('sess_not-a-real-token')).expect(401);
    for (const [method, path] of [
      ['get', ''],
      ['patch', ''],
      ['delete', ''],
      ['post', '/run'],
      ['get', '/runs'],
    ] as const) {
      const res = await api()
        [method](`/api/scheduled-reports/${mine.id}${path}`)
        .set(auth(other.admin.token))
        .send(method === 'patch' ? { name: 'hijacked' } : undefined);
      expect([path, method, res.status]).toEqual([path, method, 404]);
      await api()
        [method](`/api/scheduled-reports/${UNKNOWN}${path}`)
        .set(auth())
        .send(method === 'patch' ? { name: 'x' } : undefined)
        .expect(404);
    }
    const noReports = await tenant.addUser({ permissions: [Permission.ActivityLog] });
    await api().get('/api/scheduled-reports').set(auth(noReports.token)).expect(403);
    // May schedule reports, but not read the activity log: it would run as them.
    const noActivity = await tenant.addUser({ permissions: [Permission.Reports] });
    const refused = await api().post('/api/scheduled-reports').set(auth(noActivity.token)).send(daily).expect(403);
    expect(refused.body.error).toContain('access_activity_log');
    expect((await api().get(`/api/scheduled-reports/${mine.id}`).set(auth()).expect(200)).body.data.name).toBe(daily.name);
  });

  it("lets a user who sees only some trackers change or delete only their own schedules: another's runs as its owner (403, nothing changed)", async () => {
    const admins = await create();
    const limited = await tenant.addUser({ trackerIds: [new Types.ObjectId()] });
    const refused = async (call: request.Test) =>
      expect((await call.expect(403)).body.error).toContain("changing or deleting another user's schedule needs access to all of the client's trackers");
    await refused(
      api()
        .patch(`/api/scheduled-reports/${admins.id}`)
        .set(auth(limited.token))
        .send({ recipients: { emails: ['mine@elsewhere.example'] } }),
    );
    await refused(api().delete(`/api/scheduled-reports/${admins.id}`).set(auth(limited.token)));
    expect((await api().get(`/api/scheduled-reports/${admins.id}`).set(auth()).expect(200)).body.data).toEqual(admins);
    // Their own: theirs to change and delete; an all-trackers user may change anyone's.
    const theirs = await create(daily, limited.token);
    await api().patch(`/api/scheduled-reports/${theirs.id}`).set(auth(limited.token)).send({ name: 'Mía' }).expect(200);
    await api().patch(`/api/scheduled-reports/${theirs.id}`).set(auth()).send({ name: 'Revisada' }).expect(200);
    await api().delete(`/api/scheduled-reports/${theirs.id}`).set(auth(limited.token)).expect(200);
  });

  it('runs now: the period before, mailed as a CSV whose rows are the period’s events', async () => {
    const reporter = await createTenant(t.app);
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).startOf('day');
    // The test's own events: 5 yesterday (client's zone), 2 the day before, 1 today.
    const at = (day: DateTime, hours: number) => day.plus({ hours }).toJSDate();
    const events = [...[1, 5, 9, 13, 23.9].map((h) => at(yesterday, h)), at(yesterday, -1), at(yesterday, -20), at(yesterday, 24.5)].map((occurredAt, i) => ({
      clientId: reporter.clientId,
      actor: { name: 'Sistema' },
      action: 'test.event',
      resourceType: 'test',
      summary: `evento ${i}`,
      occurredAt,
    }));
    await t.connection.collection('activity_events').insertMany(events);
    const schedule = await create(
      { ...daily, params: { action: 'test.event' }, recipients: { emails: ['ops@example.cl'], userIds: [reporter.admin.user._id.toHexString()] } },
      reporter.admin.token,
    );
    const accepted = await request(t.server).post(`/api/scheduled-reports/${schedule.id}/run`).set(auth(reporter.admin.token)).expect(202);
    expect(accepted.body.data).toMatchObject({ manual: true, state: 'pending' });
    const [run] = await eventually(async () => {
      const list = (await request(t.server).get(`/api/scheduled-reports/${schedule.id}/runs`).set(auth(reporter.admin.token)).expect(200)).body
        .data as RunView[];
      return list[0]?.state === 'succeeded' ? list : null;
    }, 'the run');
    expect(run).toMatchObject({ rows: 5, error: null, attempts: 1, fileName: expect.stringMatching(/^activity-log_.*\.csv$/) });
    const [mail] = await eventually(() => (mailsTo('ops@example.cl').length ? mailsTo('ops@example.cl') : null), 'the mail');
    // One mail per recipient: the address does not see the user's, nor the user the address.
    expect((mail.to as { text: string }).text).toBe('ops@example.cl');
    const [theirs] = await eventually(() => (mailsTo(reporter.admin.email).length ? mailsTo(reporter.admin.email) : null), 'the user’s mail');
    expect((theirs.to as { text: string }).text).toBe(reporter.admin.email);
    expect(mail.subject).toBe(`Actividad de ayer: ${yesterday.toFormat('dd-MM-yyyy')}`);
    expect(mail.attachments).toHaveLength(1);
    const csv = mail.attachments[0].content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(
      csv
        .slice(1)
        .map((line) => /evento (\d)/.exec(line)?.[1])
        .sort(),
    ).toEqual(['0', '1', '2', '3', '4']);
  });

  it('runs each due time once, whatever the number of instances sweeping; moves the next run on', async () => {
    const reporter = await createTenant(t.app);
    const schedule = await create({ ...daily, format: 'xlsx', recipients: { emails: ['due@example.cl'] } }, reporter.admin.token);
    // Due yesterday and today at 07:00 (the platform was down): both are run, once each.
    const today7 = DateTime.now().setZone(ZONE).set({ hour: 7, minute: 0, second: 0, millisecond: 0 });
    const firstDue = (today7 > DateTime.now() ? today7.minus({ days: 1 }) : today7).minus({ days: 1 });
    await t.connection.collection('scheduled_reports').updateOne({ _id: new Types.ObjectId(schedule.id) }, { $set: { nextRunAt: firstDue.toJSDate() } });
    const other = await createTestApp();
    try {
      await Promise.all([t.app.get(ScheduledReportsSweep).sweep(), other.app.get(ScheduledReportsSweep).sweep(), t.app.get(ScheduledReportsSweep).sweep()]);
    } finally {
      await other.close();
    }
    const list = await eventually(async () => {
      const found = (await request(t.server).get(`/api/scheduled-reports/${schedule.id}/runs`).set(auth(reporter.admin.token)).expect(200)).body
        .data as RunView[];
      return found.length === 2 && found.every((run) => run.state === 'succeeded') ? found : null;
    }, 'two runs');
    expect(list.map((run) => [run.manual, new Date(run.dueAt).toISOString()])).toEqual([
      [false, firstDue.plus({ days: 1 }).toUTC().toISO()],
      [false, firstDue.toUTC().toISO()],
    ]);
    const after = (await request(t.server).get(`/api/scheduled-reports/${schedule.id}`).set(auth(reporter.admin.token)).expect(200)).body.data;
    expect(new Date(after.nextRunAt).toISOString()).toBe(firstDue.plus({ days: 2 }).toUTC().toISO());
    const received = await eventually(() => (mailsTo('due@example.cl').length === 2 ? mailsTo('due@example.cl') : null), 'two mails');
    expect(received.map((mail) => mail.subject).sort()).toEqual(
      [firstDue.minus({ days: 1 }), firstDue].map((day) => `Actividad de ayer: ${day.toFormat('dd-MM-yyyy')}`).sort(),
    );
    // The workbook reads back.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(received[0].attachments[0].content as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).values).toEqual(expect.arrayContaining(['occurredAt', 'action', 'summary']));
    // Sweeping again finds nothing due.
    expect(await t.app.get(ScheduledReportsSweep).sweep()).toBe(0);
  });

  it('schedules the trip report for assets of the owner, mailed as the report builds it', async () => {
    const reporter = await createTenant(t.app);
    const asset = (
      await t.connection.collection('assets').insertOne({
        clientId: reporter.clientId,
        name: 'Camión 3',
        plate: 'BBCC-11',
        kind: 'truck',
        icon: { id: 'truck', color: '#000000' },
        groupIds: [],
        createdAt: new Date(),
        updatedAt: new Date(),
      })
    ).insertedId.toHexString();
    await api()
      .post('/api/scheduled-reports')
      .set(auth(reporter.admin.token))
      .send({ ...daily, report: 'trips', params: { colour: 'red' } })
      .expect(400);
    await api()
      .post('/api/scheduled-reports')
      .set(auth(reporter.admin.token))
      .send({ ...daily, report: 'trips', params: { assetIds: [] } })
      .expect(400);
    const schedule = await create(
      { ...daily, name: 'Viajes de ayer', report: 'trips', params: { assetIds: [asset] }, recipients: { emails: ['viajes@example.cl'] } },
      reporter.admin.token,
    );
    await request(t.server).post(`/api/scheduled-reports/${schedule.id}/run`).set(auth(reporter.admin.token)).expect(202);
    const [run] = await eventually(async () => {
      const list = (await request(t.server).get(`/api/scheduled-reports/${schedule.id}/runs`).set(auth(reporter.admin.token)).expect(200)).body
        .data as RunView[];
      return list[0] && list[0].state !== 'pending' && list[0].state !== 'running' ? list : null;
    }, 'the run');
    expect(run).toMatchObject({ state: 'succeeded', fileName: expect.stringMatching(/^informe-viajes_.*\.csv$/) });
    const [mail] = await eventually(() => (mailsTo('viajes@example.cl').length ? mailsTo('viajes@example.cl') : null), 'the mail');
    expect(mail.attachments[0].content.toString('utf8')).toContain('Camión 3');
  });

  it('records a failed run with its reason while the portal is down, tries again later, and mails once', async () => {
    const reporter = await createTenant(t.app);
    const schedule = await create(
      {
        name: 'Facturas del mes',
        report: 'invoices',
        format: 'xlsx',
        schedule: { frequency: 'monthly', time: '06:00', dayOfMonth: 1 },
        recipients: { emails: ['finanzas@example.cl'] },
      },
      reporter.admin.token,
    );
    app.portal.mode = 'error';
    await request(t.server).post(`/api/scheduled-reports/${schedule.id}/run`).set(auth(reporter.admin.token)).expect(202);
    const [failed] = await eventually(async () => {
      const list = (await request(t.server).get(`/api/scheduled-reports/${schedule.id}/runs`).set(auth(reporter.admin.token)).expect(200)).body
        .data as RunView[];
      return list[0]?.state === 'failed' ? list : null;
    }, 'the failed run');
    expect(failed).toMatchObject({ attempts: 1, error: expect.stringMatching(/portal/i), nextAttemptAt: expect.any(String) });
    expect(new Date(failed.nextAttemptAt!).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(mailsTo('finanzas@example.cl')).toEqual([]);
    // The portal is back; the retry comes (brought forward here rather than waited 5 minutes for).
    app.portal.mode = 'ok';
    expect(await t.app.get(Jobs).runNow(RUN_JOB, failed.id)).toBe(true);
    const [succeeded] = await eventually(async () => {
      const list = (await request(t.server).get(`/api/scheduled-reports/${schedule.id}/runs`).set(auth(reporter.admin.token)).expect(200)).body
        .data as RunView[];
      return list[0]?.state === 'succeeded' ? list : null;
    }, 'the retried run');
    expect(succeeded).toMatchObject({ id: failed.id, attempts: 2, error: null, nextAttemptAt: null, fileName: expect.stringMatching(/\.xlsx$/) });
    const [mail] = await eventually(() => (mailsTo('finanzas@example.cl').length ? mailsTo('finanzas@example.cl') : null), 'the mail');
    expect(mail.attachments[0].contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await new Promise((done) => setTimeout(done, 500));
    expect(mailsTo('finanzas@example.cl')).toHaveLength(1);
  });
});
