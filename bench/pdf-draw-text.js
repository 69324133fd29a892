// What a cell of a drawn table costs, outside the app (`npm run build` first): the trip report's
// cell texts (dates, names, numbers in Chilean format) drawn on A4 pages in DejaVu Sans, subset,
// three ways: pdf-lib's `page.drawText` (fontkit lays each string out, then pdf-lib builds an
// operator object per operator), pdf-lib's `font.encodeText` alone (the layout), and our
// `PageContent.text` (each character encoded once by `PdfTextFont`, operators written as text).
// Microseconds a cell, and the save of the document. docs/performance.md, "The table PDF drawn by our code".
//   node bench/pdf-draw-text.js --cells 50000
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const fontkit = require('@pdf-lib/fontkit');
const { PDFDocument, rgb } = require('pdf-lib');

const root = join(__dirname, '..');
const { formatLocalTime, formatDuration } = require(join(root, 'dist/libs/reports/src'));
const { PageContent } = require(join(root, 'dist/libs/reports/src/pdf/page-content'));
const { PdfTextFont } = require(join(root, 'dist/libs/reports/src/pdf/pdf-text-font'));
const { DEJAVU_SANS_FILE } = require(join(root, 'dist/libs/reports/src/pdf/report-fonts'));

const NUMBERS = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 3 });
const CELLS_PER_PAGE = 36 * 11;

function cellTexts(count) {
  const texts = [];
  for (let i = 0; texts.length < count; i++) {
    const begin = Date.UTC(2026, 9, 1, 12) / 1000 + i * 4320;
    texts.push(
      `Bench report truck ${String(i % 100).padStart(3, '0')}`,
      `RP-${String(i % 100).padStart(4, '0')}`,
      formatLocalTime(begin, 'America/Santiago'),
      formatLocalTime(begin + 1500, 'America/Santiago'),
    );
    texts.push(
      NUMBERS.format(5.123 + (i % 40)),
      formatDuration(1200 + (i % 30) * 60),
      NUMBERS.format(60 + (i % 50)),
      NUMBERS.format(1.871),
      NUMBERS.format(2433 + i),
    );
  }
  return texts.slice(0, count);
}

async function measure(name, texts, draw) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(readFileSync(DEJAVU_SANS_FILE), { subset: true });
  const started = process.hrtime.bigint();
  await draw(pdf, font, texts);
  const drawn = process.hrtime.bigint();
  const file = await pdf.save();
  const saved = process.hrtime.bigint();
  console.log(
    JSON.stringify({
      way: name,
      cells: texts.length,
      usPerCell: Math.round((Number(drawn - started) / 1e3 / texts.length) * 10) / 10,
      saveMs: Math.round(Number(saved - drawn) / 1e6),
      mib: Math.round((file.length / 2 ** 20) * 10) / 10,
    }),
  );
}

async function main() {
  const { values } = parseArgs({ options: { cells: { type: 'string', default: '50000' } } });
  const texts = cellTexts(Number(values.cells));
  const at = (i) => ({ x: 20 + (i % 11) * 70, y: 560 - Math.floor((i % CELLS_PER_PAGE) / 11) * 14 });
  await measure('pdf-lib drawText', texts, (pdf, font) => {
    let page;
    texts.forEach((text, i) => {
      if (i % CELLS_PER_PAGE === 0) page = pdf.addPage([842, 595]);
      page.drawText(text, { ...at(i), size: 7.5, font, color: rgb(0.07, 0.07, 0.07) });
    });
  });
  await measure('pdf-lib encodeText only', texts, (pdf, font) => texts.forEach((text) => font.encodeText(text)));
  await measure('PageContent.text', texts, (pdf, font) => {
    const textFont = new PdfTextFont(font);
    let content;
    texts.forEach((text, i) => {
      if (i % CELLS_PER_PAGE === 0) {
        content?.finish();
        content = new PageContent(pdf, pdf.addPage([842, 595]));
      }
      const { x, y } = at(i);
      content.text(text, x, y, textFont, 7.5, '#111111');
    });
    content.finish();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
