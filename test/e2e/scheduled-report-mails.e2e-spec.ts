// Jobs are looked for every 50 ms; a file over 2 KiB is too large to attach here; API_URL is left
// unset, so a link is built from the port the app really listens on.
process.env.JOBS_POLL_MS = '50';
process.env.MAIL_ATTACHMENT_MAX_BYTES = '2048';
delete process.env.API_URL;

import request from 'supertest';
import { DateTime } from 'luxon';
import type { AddressInfo } from 'node:net';
import { createTestAppWithPortal, TestAppWithPortal } from '../support/app-with-portal';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { buildInvoices } from '../support/portal-stub';
import { RunView } from '../support/scheduled-runs';
import { eventually } from '../support/webhook-receiver';
import { addAsset } from './positions-fixtures';

const ZONE = 'America/Santiago';

/**
 * A scheduled report's mails through a real SMTP server: one mail per recipient (nobody sees who
 * else gets it), each in its reader's language; a file too large to attach links to the port the
 * app listens on and says its size as people do; every run says its rows, trips, fuel and
 * invoices included.
 */
describe('scheduled report mails', () => {
  let app: TestAppWithPortal;
  let tenant: TestTenant;
  let smtp: MailCatcher;
  let port: number;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const mailsTo = (address: string) => smtp.mails.filter((mail) => (mail.to as { text: string } | undefined)?.text === address);

  /** Creates the schedule, runs it now and answers its finished run. */
  async function runNow(body: object): Promise<RunView> {
    const schedule = (
      await request(app.t.server)
        .post('/api/scheduled-reports')
        .set(auth())
        .send({ schedule: { frequency: 'daily', time: '07:00' }, ...body })
        .expect(201)
    ).body.data;
    await request(app.t.server).post(`/api/scheduled-reports/${schedule.id}/run`).set(auth()).expect(202);
    const [run] = await eventually(async () => {
      const list = (await request(app.t.server).get(`/api/scheduled-reports/${schedule.id}/runs`).set(auth()).expect(200)).body.data as RunView[];
      return list[0] && list[0].state !== 'pending' && list[0].state !== 'running' ? list : null;
    }, 'the run');
    return run;
  }

  beforeAll(async () => {
    smtp = await startMailCatcher();
    process.env.SMTP_URL = smtp.url;
    app = await createTestAppWithPortal();
    await app.t.app.listen(0, '127.0.0.1');
    port = (app.t.app.getHttpServer().address() as AddressInfo).port;
    tenant = await createTenant(app.t.app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    for (const key of ['SMTP_URL', 'MAIL_ATTACHMENT_MAX_BYTES']) delete process.env[key];
  });

  it('sends one mail per recipient, each addressed to them alone and in their language; a large file links to the real port and says its size', async () => {
    const english = await tenant.addUser();
    await request(app.t.server).patch(`/api/users/${english.user._id.toHexString()}`).set(auth()).send({ language: 'en' }).expect(200);
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).startOf('day');
    await app.t.connection.collection('activity_events').insertMany(
      Array.from({ length: 60 }, (_, i) => ({
        clientId: tenant.clientId,
        actor: { name: 'Sistema' },
        action: 'test.mails',
        resourceType: 'test',
        summary: `evento número ${i} de un informe grande`,
        occurredAt: yesterday.plus({ minutes: i }).toJSDate(),
      })),
    );
    const run = await runNow({
      name: 'Actividad',
      report: 'activity',
      format: 'csv',
      params: { action: 'test.mails' },
      recipients: { emails: ['externo@example.cl', 'Gerencia@Example.cl'], userIds: [english.user._id.toHexString()] },
    });
    expect(run).toMatchObject({ state: 'succeeded', rows: 60, delivery: 'link' });

    const addresses = ['externo@example.cl', 'gerencia@example.cl', english.email];
    const mails = await Promise.all(
      addresses.map((address) => eventually(() => (mailsTo(address).length ? mailsTo(address) : null), `the mail to ${address}`)),
    );
    expect(mails.map((list) => list.length)).toEqual([1, 1, 1]);
    for (const [index, [mail]] of mails.entries()) {
      expect((mail.to as { value: Array<{ address: string }> }).value.map((to) => to.address)).toEqual([addresses[index]]);
      expect(mail.cc).toBeUndefined();
    }
    await new Promise((done) => setTimeout(done, 300));
    expect(smtp.mails.filter((mail) => mail.subject?.startsWith('Actividad:'))).toHaveLength(3);

    const kb = (run.fileBytes! / 1024).toLocaleString('es-CL', { maximumFractionDigits: 1 });
    const [[spanish], , [inEnglish]] = mails;
    expect(spanish.text).toContain(`(60 filas) pesa ${kb} KB, demasiado para adjuntarlo`);
    expect(inEnglish.text).toContain(`(60 rows) is ${(run.fileBytes! / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB, too large to attach`);
    const link = new RegExp(`http://localhost:${port}/api/report-files/(rpt_[A-Za-z0-9_-]{43})`);
    const token = link.exec(spanish.text!)?.[1];
    expect(token).toBeDefined();
    const file = await request(`http://127.0.0.1:${port}`).get(`/api/report-files/${token}`).buffer(true).expect(200);
    expect(Buffer.byteLength(file.text)).toBe(run.fileBytes);
  });

  it('says the rows of trip, fuel and invoice runs', async () => {
    const asset = await addAsset(app.t, tenant.clientId, { name: 'Camión 3' });
    const fleet = { params: { assetIds: [asset.assetId] }, recipients: { emails: ['flota@example.cl'] } };
    expect(await runNow({ name: 'Viajes', report: 'trips', format: 'csv', ...fleet })).toMatchObject({ state: 'succeeded', rows: 0 });
    // The fuel report has a row per asset (then its total row, not counted).
    expect(await runNow({ name: 'Combustible', report: 'fuel', format: 'csv', ...fleet })).toMatchObject({ state: 'succeeded', rows: 1 });
    app.portal.setInvoices(
      tenant.clientId.toHexString(),
      buildInvoices(3, { month: DateTime.now().setZone(ZONE).minus({ days: 1 }).toFormat('yyyy-MM') }).map((invoice) => ({
        ...invoice,
        issueDate: DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate()!,
      })),
    );
    expect(await runNow({ name: 'Facturas', report: 'invoices', format: 'xlsx', recipients: { emails: ['finanzas@example.cl'] } })).toMatchObject({
      state: 'succeeded',
      rows: 3,
    });
  });
});
