import { renderCoverPage } from './cover-page.template';
import { renderReportDocument } from './report-document';
import { html } from '@app/formats';

describe('cover page and report document', () => {
  const cover = renderCoverPage({
    clientName: 'Transportes <b>Sur</b> & Cía',
    title: 'Informe de facturas',
    periodLabel: '01-01-2026 al 31-01-2026',
    generatedAt: new Date('2026-02-01T15:30:00Z'),
    language: 'es',
    timeZone: 'America/Santiago',
    details: ['Pedido por "Ana"'],
  }).value;

  it("shows client, title, period and the generation time in the client's zone, all escaped", () => {
    expect(cover).toContain('Transportes &lt;b&gt;Sur&lt;/b&gt; &amp; Cía');
    expect(cover).toContain('<h1>Informe de facturas</h1>');
    expect(cover).toContain('01-01-2026 al 31-01-2026');
    expect(cover).toContain('01-02-2026 12:30 (America/Santiago)');
    expect(cover).toContain('Pedido por &quot;Ana&quot;');
  });

  it('wraps cover and body in a page that may load nothing', () => {
    const doc = renderReportDocument({ title: '<x>', cover: html`${'c'}`, body: html`<p>${'<script>'}</p>` });
    expect(doc).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"`);
    expect(doc).toContain('<title>&lt;x&gt;</title>');
    expect(doc).toContain('<p>&lt;script&gt;</p>');
    expect(doc).not.toContain('<script>');
  });
});
