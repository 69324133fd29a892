import { Workbook } from 'exceljs';
import request from 'supertest';
import { getModelToken } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { rutCheckDigit } from '@app/formats';
import { createTestApp, TestApp } from '@app/testing';
import { Driver } from '../../src/drivers/schemas/driver.schema';
import { createTenant, TestTenant } from './tenant.factory';

/** A valid RUT with this body. */
export const rutOf = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

/** An .xlsx workbook made by exceljs: `rows[0]` is the header row; `null` leaves a row blank. */
export async function xlsxFile(rows: Array<Array<unknown> | null>, sheetName = 'Conductores'): Promise<Buffer> {
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  rows.forEach((cells, index) => {
    if (cells) sheet.getRow(index + 1).values = cells as never;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** CSV text as a spreadsheet writes it; `encoding` latin1 gives Windows-1252/Latin-1 bytes. */
export function csvFile(
  rows: string[][],
  { delimiter = ',', bom = false, encoding = 'utf8' }: { delimiter?: string; bom?: boolean; encoding?: BufferEncoding } = {},
): Buffer {
  const quote = (cell: string) => (cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const text = rows.map((cells) => cells.map(quote).join(delimiter)).join('\r\n') + '\r\n';
  return Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, encoding)]);
}

/** `count` valid drivers under Spanish headers, RUT bodies from `base`. */
export function driverRows(count: number, base: number): string[][] {
  return [
    ['Nombre', 'Apellido', 'RUT', 'Teléfono', 'Correo', 'Dirección', 'Ciudad'],
    ...Array.from({ length: count }, (_, i) => [
      `Nombre ${i}`,
      `Apellido ${i}`,
      rutOf(base + i),
      '+56912345678',
      `conductor${i}@example.cl`,
      `Calle ${i}`,
      'Santiago',
    ]),
  ];
}

/** A test app with one tenant, and the drivers' model to look at what an import wrote. */
export async function startDriversApp(): Promise<{ t: TestApp; tenant: TestTenant; drivers: Model<Driver> }> {
  const t = await createTestApp();
  return { t, tenant: await createTenant(t.app), drivers: t.app.get(getModelToken(Driver.name)) };
}

/** `POST /api/drivers/import` with `body` as the holder of `token`. */
export const importDrivers = (t: TestApp, token: string, body: unknown) =>
  request(t.server)
    .post('/api/drivers/import')
    .set('Authorization', `Bearer ${token}`)
    .send(body as object);
