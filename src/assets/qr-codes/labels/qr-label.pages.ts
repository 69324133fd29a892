import { safeHtml } from '@app/formats';
import { renderHtmlPage } from '@app/reports';
import { LABEL_MM, QrLabelContent, qrLabelSvg } from './qr-label.template';

/** CSS pixels per millimetre of the PNG label (before the device scale). */
export const PNG_PX_PER_MM = 6;
export const PNG_SIZE = { width: LABEL_MM.width * PNG_PX_PER_MM, height: LABEL_MM.height * PNG_PX_PER_MM };

const RESET = '* { box-sizing: border-box; margin: 0; padding: 0; } body { background: #fff; } svg { display: block; }';

/** One label filling its page: a PDF page of the label's size (label printers), or the PNG's picture. */
export function singleLabelPage(label: QrLabelContent, unit: 'mm' | 'px'): string {
  const size =
    unit === 'mm' ? { width: `${LABEL_MM.width}mm`, height: `${LABEL_MM.height}mm` } : { width: `${PNG_SIZE.width}px`, height: `${PNG_SIZE.height}px` };
  return renderHtmlPage({
    title: `QR ${label.printedCode}`,
    styles: `@page { size: ${LABEL_MM.width}mm ${LABEL_MM.height}mm; margin: 0; } ${RESET}`,
    body: safeHtml(qrLabelSvg(label, size)),
  });
}

/**
 * An A4 sheet of labels, 3 across and 4 down per page, each framed by dashed cut lines. A row
 * never splits across pages, so every page holds whole labels.
 */
export function labelSheetPage(labels: readonly QrLabelContent[]): string {
  const cells = labels.map((label) => `<div class="cell">${qrLabelSvg(label, { width: '100%', height: '100%' })}</div>`).join('');
  const styles = `
@page { size: A4; margin: 10mm; }
${RESET}
.sheet { display: flex; flex-wrap: wrap; width: ${3 * LABEL_MM.width}mm; margin: 0 auto; }
.cell { width: ${LABEL_MM.width}mm; height: ${LABEL_MM.height}mm; border: 0.2mm dashed #888; padding: 1mm; break-inside: avoid; page-break-inside: avoid; }
`;
  return renderHtmlPage({ title: 'Etiquetas QR', styles, body: safeHtml(`<div class="sheet">${cells}</div>`) });
}
