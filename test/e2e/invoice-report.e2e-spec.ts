import ExcelJS from 'exceljs';
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { PortalInvoice } from '@app/integrations';
import { createTestApp, TestApp } from '@app/testing';
import { buildInvoices, PortalStub, startPortalStub } from '../support/portal-stub';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { pdfText } from '../support/pdf-text';

// The app boots and Chromium starts; on a shared 2-core machine that can exceed 5 s.
jest.setTimeout(60_000);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PERIOD = { from: '2026-01-01', to: '2026-01-31' };
const clp = (n: number) => `$${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
const charged = (list: PortalInvoice[]) => list.filter((i) => i.paymentStatus !== 'Sin cobro');
const sum = (list: PortalInvoice[], key: 'net' | 'vat' | 'total') => list.reduce((acc, i) => acc + i[key], 0);

function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  // supertest hands the raw response stream to a custom parser
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('POST /api/invoices/report', () => {
  let stub: PortalStub;
  let canary: Server;
  let canaryHits = 0;
  let t: TestApp;
  let tenant: TestTenant;
  let invoices: PortalInvoice[];
  const report = (query = '', token = tenant.admin.token) =>
    request(t.server).post(`/api/invoices/report${query}`).set('Authorization', `Bearer ${token}`).buffer(true).parse(binary).send(PERIOD);

  beforeAll(async () => {
    stub = await startPortalStub();
    // Report data pointing at this server: a PDF page that fetched anything would hit it.
    canary = createServer((_req, res) => {
      canaryHits += 1;
      res.end('x');
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
    // Set before the app module loads (createTestApp loads it lazily). Not createTestAppWithEnv:
    // its isolated module registry breaks the lazy requires of exceljs' streams (jest-only).
    Object.assign(process.env, { BILLING_PORTAL_URL: stub.url, BILLING_PORTAL_TOKEN: stub.token });
    t = await createTestApp();
    tenant = await createTenant(t.app);
    invoices = [
      ...buildInvoices(40),
      {
        folio: '=HYPERLINK("http://evil.test","clic")',
        paymentStatus: 'Pendiente',
        issueDate: '2026-01-30',
        dueDate: '2026-02-28',
        net: 100_000,
        vat: 19_000,
        total: 119_000,
      },
      {
        folio: `<img src="${canaryUrl}/img"><link rel=stylesheet href="${canaryUrl}/css"><script>fetch('${canaryUrl}/js')</script>`,
        paymentStatus: 'Vencida',
        issueDate: '2026-01-31',
        dueDate: '2026-02-28',
        net: 1_000,
        vat: 190,
        total: 1_190,
      },
      { folio: 'F-FEB', paymentStatus: 'Pagada', issueDate: '2026-02-01', dueDate: '2026-03-01', net: 5_000_000, vat: 950_000, total: 5_950_000 },
    ];
    stub.setInvoices(tenant.clientId.toHexString(), invoices);
    invoices = invoices.filter((i) => i.issueDate <= PERIOD.to);
  });
  afterAll(async () => {
    await t.close(); // closes Chromium too
    await stub.close();
    await new Promise((resolve) => canary.close(resolve));
  });

  describe('Excel (the default)', () => {
    let book: ExcelJS.Workbook;
    let res: request.Response;

    beforeAll(async () => {
      res = await report().expect(200);
      book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as ArrayBuffer);
    });

    it('is a download with a sensible file name', () => {
      expect(res.headers['content-type']).toBe(XLSX);
      expect(res.headers['content-disposition']).toBe('attachment; filename="informe-facturas_2026-01-01_2026-01-31.xlsx"');
      expect(res.headers['cache-control']).toBe('no-store');
      // The format may come from Accept; CORS's Vary: Origin stays.
      expect(res.headers.vary).toMatch(/Origin/);
      expect(res.headers.vary).toMatch(/Accept/);
    });

    it("asked the portal for the caller's client and period, with the portal token", () => {
      const call = stub.requestsTo(`/clients/${tenant.clientId.toHexString()}/invoices`).at(-1)!;
      expect(call.query).toEqual(PERIOD);
      expect(call.headers.authorization).toBe(`Bearer ${stub.token}`);
      expect(call.headers['x-request-id']).toBe(res.headers['x-request-id']);
    });

    it('lists every invoice of the period, Sin cobro included, with Spanish headers, dates and peso formats', () => {
      const detail = book.getWorksheet('Detalle')!;
      expect(detail.getRow(1).values).toEqual([undefined, 'Folio', 'Estado de pago', 'Fecha de emisión', 'Fecha de vencimiento', 'Neto', 'IVA (19%)', 'Total']);
      expect(detail.rowCount).toBe(invoices.length + 2);
      const folios = Array.from({ length: invoices.length }, (_, i) => detail.getCell(i + 2, 1).value);
      expect(folios).toContain('F-1003');
      const noCharge = invoices.find((i) => i.paymentStatus === 'Sin cobro')!;
      const row = detail.getRow(2 + folios.indexOf(noCharge.folio));
      expect(row.getCell(2).value).toBe('Sin cobro');
      expect(row.getCell(3).value).toEqual(new Date(`${noCharge.issueDate}T00:00:00.000Z`));
      expect(row.getCell(3).numFmt).toBe('dd-mm-yyyy');
      expect(row.getCell(7).value).toBe(noCharge.total);
      expect(row.getCell(7).numFmt).toBe('"$"#,##0;-"$"#,##0');
      expect(folios).not.toContain('F-FEB');
    });

    it('totals exclude Sin cobro (live formulas with their values)', () => {
      const detail = book.getWorksheet('Detalle')!;
      const totals = detail.getRow(invoices.length + 2);
      expect(totals.getCell(1).value).toBe('Totales (excluye Sin cobro)');
      const counted = charged(invoices);
      expect(totals.getCell(5).value).toMatchObject({ formula: expect.stringContaining('SUMIFS(E2:E'), result: sum(counted, 'net') });
      expect(totals.getCell(6).value).toMatchObject({ result: sum(counted, 'vat') });
      expect(totals.getCell(7).value).toMatchObject({ result: sum(counted, 'total') });
      expect(sum(counted, 'total')).toBeLessThan(sum(invoices, 'total'));
    });

    it('has a frozen header, filters and column widths', () => {
      const detail = book.getWorksheet('Detalle')!;
      expect(detail.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(detail.autoFilter).toBe(`A1:G${invoices.length + 1}`);
      expect(detail.getColumn(1).width).toBeGreaterThan(10);
      expect(detail.getRow(1).getCell(1).font).toMatchObject({ bold: true });
    });

    it('summarises count, invoiced, paid, pending and overdue without Sin cobro', () => {
      const summary = book.getWorksheet('Resumen')!;
      const lines = new Map<string, unknown>();
      summary.eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value));
      const counted = charged(invoices);
      const byStatus = (status: string) =>
        sum(
          invoices.filter((i) => i.paymentStatus === status),
          'total',
        );
      expect(lines.get('Cliente')).toMatch(/^Client /);
      expect(lines.get('Período')).toBe('01-01-2026 al 31-01-2026');
      expect(lines.get('Número de facturas')).toBe(counted.length);
      expect(lines.get('Total facturado')).toBe(sum(counted, 'total'));
      expect(lines.get('Pagado')).toBe(byStatus('Pagada'));
      expect(lines.get('Pendiente')).toBe(byStatus('Pendiente'));
      expect(lines.get('Vencido')).toBe(byStatus('Vencida'));
      expect(lines.get('Facturas Sin cobro (no incluidas)')).toBe(invoices.length - counted.length);
    });

    it('neutralises text that a spreadsheet would run as a formula', () => {
      const detail = book.getWorksheet('Detalle')!;
      const cells: unknown[] = [];
      detail.eachRow((row) => cells.push(row.getCell(1).value));
      expect(cells).toContain(`'=HYPERLINK("http://evil.test","clic")`);
      expect(cells.filter((v) => typeof v === 'object' && v !== null && 'formula' in v && !(v as { formula: string }).formula.startsWith('SUMIFS'))).toEqual(
        [],
      );
    });

    it('records an activity event', async () => {
      const event = await t.connection
        .collection('activity_events')
        .findOne({ clientId: tenant.clientId, action: 'invoice_report.generate', requestId: res.headers['x-request-id'] });
      expect(event).toMatchObject({
        resourceType: 'invoice_report',
        actor: { userId: tenant.admin.user._id },
        details: { from: PERIOD.from, to: PERIOD.to, format: 'xlsx', invoiceCount: invoices.length },
      });
    });

    it('is also chosen by ?format=xlsx and by the Accept header', async () => {
      expect((await report('?format=xlsx').expect(200)).headers['content-type']).toBe(XLSX);
      expect((await report().set('Accept', XLSX).expect(200)).headers['content-type']).toBe(XLSX);
    });

    it('answers an empty but valid workbook for a period without invoices', async () => {
      const other = await createTenant(t.app);
      const empty = await report('', other.admin.token).expect(200);
      const emptyBook = new ExcelJS.Workbook();
      await emptyBook.xlsx.load(empty.body as ArrayBuffer);
      expect(emptyBook.getWorksheet('Detalle')!.rowCount).toBe(2);
      expect(stub.requestsTo(`/clients/${other.clientId.toHexString()}/invoices`)).toHaveLength(1);
    });
  });

  describe('PDF', () => {
    let res: request.Response;
    let text: string;

    beforeAll(async () => {
      res = await report('?format=pdf').expect(200);
      text = pdfText(res.body as Buffer);
      writeFileSync(join(tmpdir(), 'invoice-report-sample.pdf'), res.body as Buffer);
    });

    it('is a PDF download with a sensible file name', () => {
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="informe-facturas_2026-01-01_2026-01-31.pdf"');
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('starts with the cover page: title, client, period, generation date', () => {
      const cover = text.split('\f')[0];
      expect(cover).toContain('Informe de facturas');
      expect(cover).toMatch(/Cliente\s+Client [0-9a-f]{10}/);
      expect(cover).toMatch(/Período\s+01-01-2026 al 31-01-2026/);
      expect(cover).toMatch(/Generado el\s+\d\d-\d\d-\d{4} \d\d:\d\d \(America\/Santiago\)/);
    });

    it('shows the totals in pesos without Sin cobro, and lists Sin cobro in the detail', () => {
      const counted = charged(invoices);
      expect(text).toMatch(new RegExp(`Total facturado\\s+\\${clp(sum(counted, 'total'))}`));
      expect(text).toMatch(
        new RegExp(`Totales \\(excluye Sin cobro\\)\\s+\\${clp(sum(counted, 'net'))}\\s+\\${clp(sum(counted, 'vat'))}\\s+\\${clp(sum(counted, 'total'))}`),
      );
      expect(text).toMatch(/Sin cobro/);
      expect(text).toContain('F-1003');
      expect(text).not.toContain('F-FEB');
    });

    it('numbers the pages in the footer', () => {
      const pages = text.split('\f').filter((page) => page.trim());
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(pages[0]).toContain(`Página 1 de ${pages.length}`);
      expect(pages.at(-1)).toContain(`Página ${pages.length} de ${pages.length}`);
    });

    it("speaks an English user's language: cover, headings, days and page numbers; the portal's statuses as it writes them", async () => {
      const me = tenant.admin.user._id.toHexString();
      const patch = (language: string) =>
        request(t.server).patch(`/api/users/${me}`).set('Authorization', `Bearer ${tenant.admin.token}`).send({ language }).expect(200);
      await patch('en');
      try {
        const english = await report('?format=pdf').expect(200);
        expect(english.headers['content-disposition']).toBe('attachment; filename="invoice-report_2026-01-01_2026-01-31.pdf"');
        const pages = pdfText(english.body as Buffer)
          .split('\f')
          .filter((page) => page.trim());
        expect(pages[0]).toMatch(/Period\s+01\/01\/2026 to 31\/01\/2026/);
        expect(pages[0]).toMatch(/Generated on\s+\d\d\/\d\d\/\d{4} \d\d:\d\d \(America\/Santiago\)/);
        expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
        const body = pages.join('\n');
        expect(body).toMatch(/Totals \(Sin cobro excluded\)/);
        expect(body).toContain('Sin cobro');
        expect(body).not.toMatch(/Página|Generado el|Totales/);
      } finally {
        await patch('es');
      }
    });

    it('prints markup from the data as text and loads nothing from the network', () => {
      expect(text).toContain('<img src=');
      expect(text).toContain('<script>');
      expect(canaryHits).toBe(0);
    });

    it('is chosen by the Accept header too', async () => {
      expect((await report().set('Accept', 'application/pdf').expect(200)).headers['content-type']).toBe('application/pdf');
    });

    it('renders ten reports at once on the one browser', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => report('?format=pdf')));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(results.every((r) => (r.body as Buffer).subarray(0, 5).toString() === '%PDF-')).toBe(true);
    });

    it('relaunches Chromium when it dies', async () => {
      // Our own process's Chromium children: the app runs in this jest worker.
      const pids = execSync(`pgrep -P ${process.pid} -x chromium || true`, { encoding: 'utf8' }).split('\n').filter(Boolean);
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) process.kill(Number(pid), 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await report('?format=pdf').expect(200);
      expect(pdfText(again.body as Buffer)).toContain('Informe de facturas');
    });
  });
});
