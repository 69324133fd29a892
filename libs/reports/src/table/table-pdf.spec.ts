import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PdfWord, pdfPageSizes, pdfText, pdfWords } from '@app/testing/pdf-text';
import { BrowserPool } from '../pdf/browser-pool';
import { PdfRenderer } from '../pdf/pdf-renderer.service';
import { printTablePdf } from './table-pdf';
import type { TableCell, TableReport } from './table-report';
import { tablePartEnds } from './table-parts';

// Real Chromium and poppler: what a reader of a table printed in parts sees is the point.
describe('printTablePdf of a table longer than a part', () => {
  const pool = new BrowserPool({ get: (key: string) => (key === 'PUPPETEER_EXECUTABLE_PATH' ? process.env.PUPPETEER_EXECUTABLE_PATH : undefined) } as never);
  const pdf = new PdfRenderer(pool);
  afterAll(() => pool.onApplicationShutdown());

  // Three trucks of 70, 45 and 90 trips, trip n of the document "V-000n", n × 0.5 km and $100.
  const trucks = [
    { name: 'Camión Ñandú', trips: 70 },
    { name: 'Camión Bravo', trips: 45 },
    { name: 'Camión Cóndor', trips: 90 },
  ];
  const rows: TableCell[][] = [];
  let trip = 0;
  for (const truck of trucks) {
    const first = trip + 1;
    for (let k = 0; k < truck.trips; k++) {
      trip += 1;
      rows.push([truck.name, `V-${String(trip).padStart(4, '0')}`, trip * 0.5, 100]);
    }
    // Σ n × 0.5 over the truck's trips, and $100 each.
    rows.push([`Total ${truck.name}`, `${truck.trips} viajes`, ((first + trip) * truck.trips) / 4, truck.trips * 100]);
  }
  rows.push(['Total', `${trip} viajes`, (trip * (trip + 1)) / 4, trip * 100]);
  const report: TableReport = {
    title: 'Informe de viajes',
    clientName: 'Transportes Sur',
    timeZone: 'America/Santiago',
    periodLabel: '01-10-2026 00:00 al 31-10-2026 23:59',
    generatedAt: new Date('2026-11-01T12:00:00Z'),
    columns: [{ title: 'Activo' }, { title: 'Viaje' }, { title: 'Distancia (km)' }, { title: 'Costo ($)', money: true }],
    rows,
    isTotal: (row) => String(row[0]).startsWith('Total'),
  };
  const PART_ROWS = 60;
  let file: Buffer;
  beforeAll(async () => {
    file = await printTablePdf(pdf, report, PART_ROWS);
    if (process.env.KEEP_REPORT_PDF) writeFileSync(process.env.KEEP_REPORT_PDF, file);
  }, 60_000);

  it('reads back as one document: the cover, every row once and in order, the header on each page, pages numbered over the whole, the totals', () => {
    expect(tablePartEnds(rows, report.isTotal, PART_ROWS).length).toBeGreaterThanOrEqual(4);
    const pages = pdfText(file).split('\f').slice(0, -1);
    expect(pdfPageSizes(file)).toHaveLength(pages.length);
    expect(pdfPageSizes(file).every(({ width, height }) => width > height)).toBe(true);

    expect(pages[0]).toContain('Transportes Sur');
    expect(pages[0]).toContain('Generado el');
    pages.forEach((page, i) => {
      // Each page once "Página N de M", N counting from the cover; the footer's text on each.
      expect(page.match(/Página \d+ de \d+/g)).toEqual([`Página ${i + 1} de ${pages.length}`]);
      expect(page).toContain('Informe de viajes · Transportes Sur · 01-10-2026 00:00 al 31-10-2026 23:59');
      if (i > 0) expect(page).toMatch(/Activo\s+Viaje\s+Distancia \(km\)\s+Costo \(\$\)/);
    });

    const text = pages.join('\n');
    expect([...text.matchAll(/V-(\d{4})/g)].map(([, n]) => Number(n))).toEqual(Array.from({ length: trip }, (_, i) => i + 1));
    const line = (label: string) => text.split('\n').filter((l) => l.trim().startsWith(label));
    // 1..70: 70 × 71 / 4 = 1 242,5 km; 71..115: (71 + 115) × 45 / 4 = 2 092,5; 116..205: (116 + 205) × 90 / 4 = 7 222,5.
    expect(line('Total Camión Ñandú')).toEqual([expect.stringMatching(/70 viajes\s+1\.242,5\s+7\.000$/)]);
    expect(line('Total Camión Bravo')).toEqual([expect.stringMatching(/45 viajes\s+2\.092,5\s+4\.500$/)]);
    expect(line('Total Camión Cóndor')).toEqual([expect.stringMatching(/90 viajes\s+7\.222,5\s+9\.000$/)]);
    // 205 × 206 / 4 = 10 557,5 km; 205 × $100.
    expect(line('Total ')).toHaveLength(4);
    expect(text.split('\n').filter((l) => /^\s*Total\s+205 viajes/.test(l))).toEqual([expect.stringMatching(/10\.557,5\s+20\.500$/)]);
    expect(pages[pages.length - 1]).toMatch(/Total\s+205 viajes/);
  });

  it('stamps the page numbers in the footer\'s font (DejaVu Sans, embedded), not the fallback Helvetica', () => {
    const dir = mkdtempSync(join(tmpdir(), 'table-pdf-'));
    writeFileSync(join(dir, 'report.pdf'), file);
    const fonts = execFileSync('pdffonts', [join(dir, 'report.pdf')], { encoding: 'utf8' });
    expect(fonts).toMatch(/\+DejaVuSans\s/);
    expect(fonts).not.toMatch(/Helvetica/);
  });

  it('draws the footer where Chromium prints it on a table of one part', async () => {
    const single = await printTablePdf(pdf, { ...report, rows: rows.slice(0, 20) }, PART_ROWS);
    // The second page's footer: its text, then "Página 2 de N".
    const footer = (document: Buffer) => pdfWords(document)[1].filter((word) => word.yMin > 550);
    const printed = footer(single);
    const drawn = footer(file);
    expect(drawn.map((word) => word.text)).toEqual([...printed.slice(0, -1).map((word) => word.text), String(pdfPageSizes(file).length)]);
    // The text starts and the number ends where Chromium puts them (within a quarter point); the
    // words between drift by up to a point or two (Chromium kerns, pdf-lib does not).
    expect(Math.abs(drawn[0].xMin - printed[0].xMin)).toBeLessThan(0.25);
    expect(Math.abs(drawn[drawn.length - 1].xMax - printed[printed.length - 1].xMax)).toBeLessThan(0.25);
    drawn.forEach((word, i) => {
      expect(Math.abs(word.yMin - printed[i].yMin)).toBeLessThan(0.25);
      expect(Math.abs(word.xMin - printed[i].xMin)).toBeLessThan(2);
    });
  }, 60_000);
});

// The columns' widths are ours (a fixed layout): a cell that does not fit its column would run
// into the next one's text, which Chromium's own layout never let happen.
describe('printTablePdf column widths', () => {
  const pool = new BrowserPool({ get: (key: string) => (key === 'PUPPETEER_EXECUTABLE_PATH' ? process.env.PUPPETEER_EXECUTABLE_PATH : undefined) } as never);
  const pdf = new PdfRenderer(pool);
  afterAll(() => pool.onApplicationShutdown());

  it('keeps every cell inside its column: wide glyphs, bold totals, wrapped addresses', async () => {
    // Twelve W are wider than thirty i (a column sized by characters would be too narrow for
    // them); the address is longer than the page, so its column takes the spare width and the
    // others are exactly as wide as their cells.
    const address = 'Avenida Libertador Bernardo O\'Higgins 1234, Santiago Centro, Región Metropolitana, Chile';
    const report: TableReport = {
      title: 'Informe de anchos',
      clientName: 'Transportes Sur',
      timeZone: 'America/Santiago',
      periodLabel: 'octubre',
      generatedAt: new Date('2026-11-01T12:00:00Z'),
      columns: [{ title: 'Código' }, { title: 'Dirección', wrap: true }, { title: 'Monto', money: true }, { title: 'Fin' }],
      rows: [
        ['WWWWWWWWWWWW', `${address} `.repeat(4), 1_234_567, 'X'],
        ['iiiiiiiiiiiiiiiiiiiiiiiiiiiiii', address, 7, 'X'],
        ['Total MMMMMMMMMM', 'Ñandú', 1_234_574, 'Total'],
      ],
      isTotal: (row) => String(row[0]).startsWith('Total'),
    };
    const file = await printTablePdf(pdf, report);
    const [, table] = pdfWords(file);
    expect(table.map((word) => word.text)).toEqual(expect.arrayContaining(['WWWWWWWWWWWW', 'iiiiiiiiiiiiiiiiiiiiiiiiiiiiii', 'MMMMMMMMMM', '1.234.567', '1.234.574']));
    // No two words on one line (centres less than half a line apart: poppler's boxes are taller
    // than the lines are spaced) share any width; the rows' cells are centred, so a word may share
    // a line with the second line of a wrapped address beside it.
    const centre = (word: PdfWord) => (word.yMin + word.yMax) / 2;
    const overlap = (a: PdfWord, b: PdfWord) => a.xMin < b.xMax && b.xMin < a.xMax && Math.abs(centre(a) - centre(b)) < (a.yMax - a.yMin) / 2;
    const overlapping = table.flatMap((a, i) => table.slice(i + 1).flatMap((b) => (overlap(a, b) ? [`${a.text} | ${b.text}`] : [])));
    expect(overlapping).toEqual([]);
  }, 60_000);
});
