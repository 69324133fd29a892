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

export interface PdfWord {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** Each page's words with their boxes in points, from poppler's `pdftotext -bbox`. */
export function pdfWords(pdf: Buffer): PdfWord[][] {
  const xml = execFileSync('pdftotext', ['-bbox', pdfFile(pdf), '-'], { encoding: 'utf8' });
  return xml
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(([, xMin, yMin, xMax, yMax, text]) => ({
        text,
        xMin: Number(xMin),
        xMax: Number(xMax),
        yMin: Number(yMin),
        yMax: Number(yMax),
      })),
    );
}

export interface PdfTextRun {
  text: string;
  bold: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Each page's runs of text and whether the reader sees them bold, from poppler's `pdftohtml -xml`. */
export function pdfTextRuns(pdf: Buffer): PdfTextRun[][] {
  const xml = execFileSync('pdftohtml', ['-xml', '-i', '-stdout', pdfFile(pdf)], { encoding: 'utf8' });
  return xml
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<text [^>]*>(.*?)<\/text>/g)].map(([, content]) => ({
        text: content.replace(/<\/?[a-z]+>/g, '').replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ENTITIES[name]),
        bold: content.startsWith('<b>'),
      })),
    );
}
