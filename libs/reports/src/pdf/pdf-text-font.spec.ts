import { pdfText } from '@app/testing/pdf-text';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PageContent } from './page-content';
import { embedReportFonts, PdfTextFont } from './pdf-text-font';

describe('PdfTextFont', () => {
  const text = 'Camión Ñandú\t🚚 東京 €';

  it('draws with the fallback Helvetica what it can, "?" for what it cannot (pdf-lib itself throws on it)', async () => {
    const pdf = await PDFDocument.create();
    const helvetica = await pdf.embedFont(StandardFonts.Helvetica);
    expect(() => helvetica.encodeText('🚚')).toThrow();
    const font = new PdfTextFont(helvetica);
    const page = pdf.addPage([400, 100]);
    new PageContent(pdf, page).text(text, 10, 50, font, 10, '#000000').finish();
    expect(pdfText(Buffer.from(await pdf.save())).trim()).toBe('Camión Ñandú ? ?? €');
    // Measured as drawn: "?" and the space instead of what it replaces.
    expect(font.em('a🚚\t')).toBeCloseTo(font.em('a? '), 9);
  });

  it('draws the embedded DejaVu Sans\'s characters, "?" for the ones it has not', async () => {
    const pdf = await PDFDocument.create();
    const { regular, bold } = await embedReportFonts(pdf);
    const page = pdf.addPage([400, 100]);
    new PageContent(pdf, page).text(text, 10, 60, regular, 10, '#000000').text('Total 東', 10, 30, bold, 10, '#1f4e79').finish();
    expect(
      pdfText(Buffer.from(await pdf.save()))
        .trim()
        .split(/\n+/),
    ).toEqual(['Camión Ñandú ? ?? €', 'Total ?']);
    // DejaVu Sans's advances (2 048 units to the em): W 2 025; bold W 2 259.
    expect(regular.em('WW')).toBeCloseTo((2 * 2025) / 2048, 3);
    expect(bold.em('W')).toBeCloseTo(2259 / 2048, 3);
  });
});
