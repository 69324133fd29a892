import { Workbook } from 'exceljs';
import { DriverField, TEMPLATE_HEADERS } from './driver-columns';

export type TemplateFormat = 'xlsx' | 'csv';

export const TEMPLATE_CONTENT_TYPES: Record<TemplateFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The example row: a valid RUT written as people write it (the preview normalizes it). */
const EXAMPLE: Record<DriverField, string> = {
  firstName: 'Juana',
  lastName: 'Pérez Soto',
  rut: '12.345.678-5',
  phone: '+56 9 1234 5678',
  email: 'juana.perez@example.cl',
  address: "Av. Libertador Bernardo O'Higgins 1234",
  city: 'Santiago',
};

const FIELDS = Object.keys(TEMPLATE_HEADERS) as DriverField[];

/** The template to fill in: the header row (Spanish spellings) and one example row. */
export async function driverSheetTemplate(format: TemplateFormat): Promise<{ body: Buffer; fileName: string; contentType: string }> {
  const fileName = `plantilla-conductores.${format}`;
  const contentType = TEMPLATE_CONTENT_TYPES[format];
  if (format === 'csv') {
    // UTF-8 with a BOM and `;`: what Excel opens right on a Chilean Windows (the preview reads `,` too).
    const line = (cells: string[]) => cells.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(';');
    const text = `\uFEFF${line(FIELDS.map((field) => TEMPLATE_HEADERS[field]))}\r\n${line(FIELDS.map((field) => EXAMPLE[field]))}\r\n`;
    return { body: Buffer.from(text, 'utf8'), fileName, contentType };
  }
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Conductores');
  sheet.columns = FIELDS.map((field) => ({
    header: TEMPLATE_HEADERS[field],
    key: field,
    width: Math.max(14, EXAMPLE[field].length + 2),
    // Text cells: Excel would turn a RUT body or a phone typed as digits into a number.
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(EXAMPLE);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return { body: Buffer.from(await workbook.xlsx.writeBuffer()), fileName, contentType };
}
