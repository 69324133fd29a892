import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { type PdfWord, pdfPageSizes, pdfText, pdfTextRuns, pdfWords } from '@app/testing/pdf-text';
import { BrowserPool } from '../pdf/browser-pool';
import { PdfRenderer } from '../pdf/pdf-renderer.service';
import { embedReportFonts, type ReportFonts } from '../pdf/pdf-text-font';
import { columnWidthsMm } from './column-widths';
import { printTablePdf } from './table-pdf';
import { type TableCell, tableCoverHtml, tablePdfRows, type TableReport } from './table-report';

const MM = 72 / 25.4;
/** Where the footer's words are (its baseline 5.63 mm above the page's bottom edge): below the content area's 18 mm margin. */
const isFooter = (word: PdfWord) => word.yMin > 210 * MM - 18 * MM;

// Real Chromium (the cover) and poppler: what a reader of the drawn table sees is the point.
describe('printTablePdf', () => {
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
    language: 'es',
    columns: [{ title: 'Activo' }, { title: 'Viaje' }, { title: 'Distancia (km)' }, { title: 'Costo ($)', money: true }],
    rows,
    isTotal: (row) => String(row[0]).startsWith('Total'),
  };
  let file: Buffer;
  beforeAll(async () => {
    file = await printTablePdf(pdf, report);
    if (process.env.KEEP_REPORT_PDF) writeFileSync(process.env.KEEP_REPORT_PDF, file);
  }, 60_000);

  it('reads back as one document: the cover, every row once and in order, the header on each page, pages numbered over the whole, the totals', () => {
    const pages = pdfText(file).split('\f').slice(0, -1);
    // 209 rows of ~36 a page after the cover.
    expect(pages.length).toBeGreaterThanOrEqual(6);
    expect(pdfPageSizes(file)).toHaveLength(pages.length);
    expect(pdfPageSizes(file).every(({ width, height }) => width > height)).toBe(true);

    expect(pages[0]).toContain('Transportes Sur');
    expect(pages[0]).toContain('Generado el');
    expect(pages[1]).toMatch(/^\s*Informe de viajes\n/);
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

  it('draws the total rows, the header and the title bold, the other rows regular', () => {
    const runs = pdfTextRuns(file).slice(1).flat();
    const bold = (pattern: RegExp) => [...new Set(runs.filter((run) => pattern.test(run.text)).map((run) => run.bold))];
    expect(bold(/^Total/)).toEqual([true]);
    expect(bold(/^(70|45|90|205) viajes$/)).toEqual([true]);
    expect(bold(/^(Activo|Viaje|Costo \(\$\)|Informe de viajes)$/)).toEqual([true]);
    expect(bold(/^(Camión \S+|V-\d{4})$/)).toEqual([false]);
  });

  it("keeps every row inside the page's content area, none split between two pages", () => {
    const pages = pdfWords(file).slice(1);
    for (const words of pages) {
      const table = words.filter((word) => !isFooter(word));
      expect(Math.min(...table.map((word) => word.yMin))).toBeGreaterThan(15 * MM - 1);
      expect(Math.max(...table.map((word) => word.yMax))).toBeLessThan(210 * MM - 18 * MM);
      // A row's two cells (truck, trip) on one line: a trip id always beside its truck's name.
      const trips = table.filter((word) => /^V-\d{4}$/.test(word.text));
      trips.forEach((tripWord) => expect(table.some((word) => /^(Ñandú|Bravo|Cóndor)$/.test(word.text) && Math.abs(word.yMin - tripWord.yMin) < 1)).toBe(true));
    }
  });

  it('embeds DejaVu Sans and DejaVu Sans Bold for the table and the footer, not the fallback Helvetica', () => {
    const dir = mkdtempSync(join(tmpdir(), 'table-pdf-'));
    writeFileSync(join(dir, 'report.pdf'), file);
    const fonts = execFileSync('pdffonts', [join(dir, 'report.pdf')], { encoding: 'utf8' });
    expect(fonts).toMatch(/^DejaVuSans-\d+\s+CID TrueType\s+Identity-H\s+yes/m);
    expect(fonts).toMatch(/^DejaVuSans-Bold-\d+\s+CID TrueType\s+Identity-H\s+yes/m);
    expect(fonts).not.toMatch(/Helvetica/);
  });

  it('draws the footer where Chromium prints its own', async () => {
    const printed = await pdf.render(tableCoverHtml(report), { landscape: true, footerText: `${report.title} · ${report.clientName} · ${report.periodLabel}` });
    // The cover's footer: its text, then "Página 1 de N".
    const footer = (document: Buffer) => pdfWords(document)[0].filter(isFooter);
    const chromium = footer(printed);
    const drawn = footer(file);
    expect(drawn.map((word) => word.text)).toEqual([...chromium.slice(0, -1).map((word) => word.text), String(pdfPageSizes(file).length)]);
    // The text starts and the number ends where Chromium puts them (within a quarter point); the
    // words between drift by up to a point or two (Chromium kerns, our drawing does not).
    expect(Math.abs(drawn[0].xMin - chromium[0].xMin)).toBeLessThan(0.25);
    expect(Math.abs(drawn[drawn.length - 1].xMax - chromium[chromium.length - 1].xMax)).toBeLessThan(0.25);
    drawn.forEach((word, i) => {
      expect(Math.abs(word.yMin - chromium[i].yMin)).toBeLessThan(0.25);
      expect(Math.abs(word.xMin - chromium[i].xMin)).toBeLessThan(2);
    });
  }, 60_000);
});

// The columns' widths are ours: a cell that does not fit its column would run into the next one's
// text, which Chromium's own layout never let happen.
describe('printTablePdf columns', () => {
  const pool = new BrowserPool({ get: (key: string) => (key === 'PUPPETEER_EXECUTABLE_PATH' ? process.env.PUPPETEER_EXECUTABLE_PATH : undefined) } as never);
  const pdf = new PdfRenderer(pool);
  afterAll(() => pool.onApplicationShutdown());
  // The fonts the PDF embeds, which size its columns.
  let fonts: ReportFonts;
  beforeAll(async () => (fonts = await embedReportFonts(await PDFDocument.create())));
  const base = {
    title: 'Informe de anchos',
    clientName: 'Transportes Sur',
    timeZone: 'America/Santiago',
    periodLabel: 'octubre',
    generatedAt: new Date('2026-11-01T12:00:00Z'),
    language: 'es' as const,
    isTotal: (row: readonly TableCell[]) => String(row[0]).startsWith('Total'),
  };

  /** Each column's left and right edge on the page in points (a table wider than the page drawn smaller). */
  const columnEdges = (report: TableReport) => {
    const widths = columnWidthsMm(report.columns, tablePdfRows(report), fonts);
    const scale = Math.min(1, 273 / widths.reduce((sum, mm) => sum + mm, 0));
    let left = 12 * MM;
    return widths.map((mm) => {
      const edges = { left, right: left + mm * MM * scale };
      left = edges.right;
      return edges;
    });
  };
  /** Words of the table (7.5 pt: not the 13 pt title above it, nor the footer) that cross a column's edge. */
  const crossing = (file: Buffer, report: TableReport) => {
    const edges = columnEdges(report);
    const words = pdfWords(file)
      .slice(1)
      .flat()
      .filter((word) => !isFooter(word) && word.yMax - word.yMin < 10);
    return words.filter((word) => !edges.some(({ left, right }) => word.xMin >= left - 0.1 && word.xMax <= right + 0.1)).map((word) => word.text);
  };

  it('keeps every word inside its column: wide glyphs, bold totals, wrapped addresses', async () => {
    // Twelve W are wider than thirty i (a column sized by characters would be too narrow for
    // them); the address is longer than the page, so its column takes the spare width and the
    // others are exactly as wide as their cells.
    const address = "Avenida Libertador Bernardo O'Higgins 1234, Santiago Centro, Región Metropolitana, Chile";
    const report: TableReport = {
      ...base,
      columns: [{ title: 'Código' }, { title: 'Dirección', wrap: true }, { title: 'Monto', money: true }, { title: 'Fin' }],
      rows: [
        ['WWWWWWWWWWWW', `${address} `.repeat(4), 1_234_567, 'X'],
        ['iiiiiiiiiiiiiiiiiiiiiiiiiiiiii', address, 7, 'X'],
        ['Total MMMMMMMMMM', 'Ñandú', 1_234_574, 'Total'],
      ],
    };
    const file = await printTablePdf(pdf, report);
    const [, table] = pdfWords(file);
    expect(table.map((word) => word.text)).toEqual(
      expect.arrayContaining(['WWWWWWWWWWWW', 'iiiiiiiiiiiiiiiiiiiiiiiiiiiiii', 'MMMMMMMMMM', '1.234.567', '1.234.574']),
    );
    // The address wraps (its first row's four copies on lines of their own), nothing of it cut; no word crosses its column's edges.
    expect(table.filter((word) => word.text === 'Libertador').length).toBe(5);
    expect(new Set(table.filter((word) => word.text === 'Libertador').map((word) => Math.round(word.yMin))).size).toBeGreaterThanOrEqual(3);
    expect(crossing(file, report)).toEqual([]);
    // No two words on one line (centres less than half a line apart) share any width; the rows'
    // cells are centred, so a word may share a line with the second line of a wrapped address beside it.
    const centre = (word: PdfWord) => (word.yMin + word.yMax) / 2;
    const overlap = (a: PdfWord, b: PdfWord) => a.xMin < b.xMax && b.xMin < a.xMax && Math.abs(centre(a) - centre(b)) < (a.yMax - a.yMin) / 2;
    const overlapping = table.flatMap((a, i) => table.slice(i + 1).flatMap((b) => (overlap(a, b) ? [`${a.text} | ${b.text}`] : [])));
    expect(overlapping).toEqual([]);
    // Numbers at their column's right edge, less its 1.5 mm padding.
    const money = columnEdges(report)[2];
    expect(
      table.filter((word) => /^1\.234\.57[14]$|^1\.234\.567$/.test(word.text)).map((word) => Math.round(((money.right - word.xMax) / MM) * 10) / 10),
    ).toEqual([1.5, 1.5]);
  }, 60_000);

  it('draws a table wider than the page smaller, as a whole, every word inside its column and the page', async () => {
    const long = 'Camión con un nombre tan largo que ninguna página apaisada lo contiene entero en una sola línea';
    const report: TableReport = {
      ...base,
      columns: [{ title: 'Activo' }, { title: 'Nota' }],
      rows: [
        [long, long],
        ['Total', 'fin'],
      ],
    };
    const file = await printTablePdf(pdf, report);
    expect(columnEdges(report)[1].right).toBeCloseTo(285 * MM, 3);
    expect(crossing(file, report)).toEqual([]);
    expect(pdfText(file)).toContain(long);
  }, 60_000);

  it('draws a character DejaVu Sans has not (a truck emoji, CJK ideographs) as "?" instead of failing', async () => {
    const report: TableReport = {
      ...base,
      columns: [{ title: 'Activo 🚚' }, { title: 'Dirección', wrap: true }],
      rows: [
        ['Camión 🚚 東京', 'Calle 東京 1, piso 2 🚚'],
        ['Total', 'tab\there'],
      ],
    };
    const file = await printTablePdf(pdf, report);
    const [, table] = pdfText(file).split('\f');
    expect(table).toContain('Activo ?');
    expect(table).toMatch(/Camión \? \?\?\s+Calle \?\? 1, piso 2 \?/);
    expect(table).toMatch(/Total\s+tab here/);
  }, 60_000);
});
