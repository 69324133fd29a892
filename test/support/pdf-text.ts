import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function pdfFile(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'report-pdf-')), 'report.pdf');
  writeFileSync(file, pdf);
  return file;
}

/** A PDF's text as poppler's pdftotext lays it out (a real reader, not our renderer). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', pdfFile(pdf), '-'], { encoding: 'utf8' });
}

/** Width and height in points of each page, from poppler's pdfinfo. */
export function pdfPageSizes(pdf: Buffer): Array<{ width: number; height: number }> {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', pdfFile(pdf)], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(([, width, height]) => ({ width: Number(width), height: Number(height) }));
}
