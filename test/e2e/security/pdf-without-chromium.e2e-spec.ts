import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../../factories/tenant.factory';
import { buildInvoices, PortalStub, startPortalStub } from '../../support/portal-stub';

/**
 * A PDF report without Chromium is a 503 shape B saying what is missing (not a 500 while
 * /api/health says ok), and the start-up log names PUPPETEER_EXECUTABLE_PATH
 * (libs/reports/src/pdf/browser-pool-startup.spec.ts).
 */
describe('invoice report PDF without Chromium (PUPPETEER_EXECUTABLE_PATH=/nonexistent)', () => {
  let base: TestApp;
  let app: TestApp;
  let tenant: TestTenant;
  let portal: PortalStub;
  const report = (format: 'pdf') =>
    request(app.server)
      .post(`/api/invoices/report?format=${format}`)
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .send({ from: '2026-01-01', to: '2026-01-31' });
  const events = () => base.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId, action: 'invoice_report.generate' });

  beforeAll(async () => {
    portal = await startPortalStub();
    base = await createTestApp();
    app = await createTestAppWithEnv({ PUPPETEER_EXECUTABLE_PATH: '/nonexistent', BILLING_PORTAL_URL: portal.url, BILLING_PORTAL_TOKEN: portal.token });
    tenant = await createTenant(base.app);
    portal.setInvoices(tenant.clientId.toHexString(), buildInvoices(3));
  });
  afterAll(async () => {
    await app.close();
    await base.close();
    await portal.close();
  });

  it('answers 503 shape B with a clear message, records nothing, and the next try answers the same', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await report('pdf');
      expect([res.status, res.body]).toEqual([
        503,
        {
          message: 'PDF reports are unavailable right now: the PDF renderer (Chromium) could not be started; try again later, or ask for the Excel format',
        },
      ]);
    }
    expect(await events()).toBe(0);
  });

  // (The Excel report is not tried here: exceljs' streams do not survive the isolated module
  // registry of a second app in one jest file; invoice-report.e2e-spec.ts covers it.)
  it('leaves the app healthy', async () => {
    const res = await request(app.server).get('/api/health').expect(200);
    expect(res.body.data.status).toBe('ok');
  });
});
