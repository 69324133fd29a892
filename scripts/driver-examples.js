#!/usr/bin/env node
// Writes docs/examples/drivers-example.xlsx and .csv: driver sheets to try the import preview
// (POST /api/drivers/import/preview) with, as a Chilean office would have them — Spanish headers,
// RUTs with dots, phones with spaces, an extra column, and a few rows the preview flags.
// The CSV is Windows-1252 with ';', as Excel saves "CSV" on a Spanish Windows. Run: node scripts/driver-examples.js
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Workbook } = require('exceljs');

const rows = [
  ['Nombre', 'Apellido', 'RUT', 'Teléfono', 'Correo', 'Dirección', 'Ciudad', 'Licencia'],
  ['Juana', 'Pérez Soto', '12.345.678-5', '+56 9 1234 5678', 'Juana.Perez@Example.CL', "Av. Libertador Bernardo O'Higgins 1234", 'Santiago', 'A2'],
  ['Pedro', 'Muñoz', '10.000.013-k', '9 8765 4321', '', 'Los Carrera 455', 'Concepción', 'A4'],
  ['Begoña', 'Núñez', '7.654.321-6', '', 'begona.nunez@example.cl', '', 'Valparaíso', 'B'],
  ['Luis', 'Mora', '12.345.678-0', '', 'luis@', '', 'Temuco', 'A2'], // wrong check digit, bad email
  ['Ana', 'Rojas', '12345678-5', '', '', '', 'Santiago', 'B'], // RUT repeated (row 2)
  ['Tomás', '', '11.111.111-1', '', '', '', 'Talca', 'A5'], // last name missing
  ['Marta', 'Díaz', '22.222.222-2', '12-34', '', '', 'Arica', 'A2'], // bad phone
];
const out = join(__dirname, '..', 'docs', 'examples');

const workbook = new Workbook();
const sheet = workbook.addWorksheet('Conductores');
rows.forEach((cells, index) => (sheet.getRow(index + 1).values = cells));
sheet.getRow(1).font = { bold: true };
sheet.columns.forEach((column) => (column.width = 20));
workbook.xlsx.writeBuffer().then((buffer) => {
  writeFileSync(join(out, 'drivers-example.xlsx'), Buffer.from(buffer));
  const quote = (cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const text = rows.map((cells) => cells.map(quote).join(';')).join('\r\n') + '\r\n';
  writeFileSync(join(out, 'drivers-example.csv'), Buffer.from(text, 'latin1'));
  console.log(`wrote ${out}/drivers-example.xlsx and .csv`);
});
