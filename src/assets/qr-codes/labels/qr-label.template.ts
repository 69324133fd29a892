import { escapeHtml } from '@app/formats';
import { qrMatrixPath } from './qr-matrix';

/** What a printed label shows: the QR of the scan URL, the code to type, the asset. */
export interface QrLabelContent {
  /** `{APP_URL}/qr/i/{code}`: the web app's entry point for a scan. */
  url: string;
  /** The code as printed, `XXXX-XXXX`. */
  printedCode: string;
  assetName: string;
  plate: string;
}

/** A label's size in millimetres: 3 × 4 of them fit an A4 sheet with 10 mm margins. */
export const LABEL_MM = { width: 60, height: 66 } as const;
const QR_MM = 44;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** Text longer than a label line is cut with an ellipsis (a label has room for about this many characters). */
function fit(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * One label as an SVG document in millimetre units: the same drawing is the SVG download, and is
 * embedded in the HTML that Chromium turns into the PNG, the label PDF and the A4 sheet. Every
 * text is escaped (XML shares HTML's escapes).
 */
export function qrLabelSvg(
  label: QrLabelContent,
  size: { width: string; height: string } = { width: `${LABEL_MM.width}mm`, height: `${LABEL_MM.height}mm` },
): string {
  const qr = qrMatrixPath(label.url);
  const x = (LABEL_MM.width - QR_MM) / 2;
  const centre = LABEL_MM.width / 2;
  const text = (y: number, fontSize: number, value: string, weight = 'normal') =>
    `<text x="${centre}" y="${y}" font-size="${fontSize}" font-weight="${weight}" text-anchor="middle" font-family="${FONT}" fill="#000">${escapeHtml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${LABEL_MM.width} ${LABEL_MM.height}">`,
    `<rect width="${LABEL_MM.width}" height="${LABEL_MM.height}" fill="#fff"/>`,
    `<svg x="${x}" y="1" width="${QR_MM}" height="${QR_MM}" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges"><path fill="#000" d="${qr.path}"/></svg>`,
    text(51, 6, label.printedCode, 'bold'),
    text(57.5, 3.6, fit(label.assetName, 30)),
    label.plate ? text(63, 3.6, fit(label.plate, 20), 'bold') : '',
    '</svg>',
  ].join('');
}
