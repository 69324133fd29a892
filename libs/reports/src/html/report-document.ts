import { COVER_PAGE_STYLES } from './cover-page.template';
import { escapeHtml, SafeHtml } from '@app/formats';

export interface ReportDocument {
  title: string;
  /** The reports' cover page (`renderCoverPage`), before the body. */
  cover?: SafeHtml;
  body: SafeHtml;
  /** The report's own CSS (our code, never data). */
  styles?: string;
}

// Nothing may load: no scripts, frames, fonts or images from anywhere; inline styles only.
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/** The page's left and right margins: a table's columns share the width between them. */
export const PAGE_SIDE_MARGIN_MM = 12;

const BASE_STYLES = `
@page { size: A4; margin: 15mm ${PAGE_SIDE_MARGIN_MM}mm 18mm ${PAGE_SIDE_MARGIN_MM}mm; }
* { box-sizing: border-box; }
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 9pt; color: #111; margin: 0; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
`;

/** A whole HTML page for the PDF renderer: the cover page, then the report's body. */
export function renderReportDocument(doc: ReportDocument): string {
  const body = doc.cover ? `${doc.cover.value}\n${doc.body.value}` : doc.body.value;
  return renderHtmlPage({ title: doc.title, styles: `${BASE_STYLES}${COVER_PAGE_STYLES}${doc.styles ?? ''}`, body: new SafeHtml(body) });
}

/**
 * A whole HTML page for the renderers, under a policy that lets nothing load (no scripts, frames,
 * fonts or images from anywhere; inline styles only): reports, labels, pictures.
 */
export function renderHtmlPage({ title, styles, body }: { title: string; styles: string; body: SafeHtml }): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head><body>
${body.value}
</body></html>`;
}
