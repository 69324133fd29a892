import QRCode from 'qrcode';

/** Modules of blank margin around the symbol that readers need (ISO/IEC 18004: 4). */
const QUIET_ZONE = 4;

export interface QrMatrixPath {
  /** Width and height of the symbol with its quiet zone, in modules. */
  size: number;
  /** SVG path data of the dark modules, one unit per module. */
  path: string;
}

/**
 * The QR symbol of a text as an SVG path (qrcode builds the matrix; error correction M, which
 * survives a scratched sticker). Runs of dark modules in a row become one rectangle each.
 */
export function qrMatrixPath(text: string): QrMatrixPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n;) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`);
    }
  }
  return { size: n + 2 * QUIET_ZONE, path: parts.join('') };
}
