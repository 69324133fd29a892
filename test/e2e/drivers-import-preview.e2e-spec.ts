import request from 'supertest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Workbook } from 'exceljs';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { csvFile, driverRows, rutOf, xlsxFile } from '../factories/driver-sheet.factory';

describe('POST /api/drivers/import/preview and GET /api/drivers/import/template', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const preview = (file: Buffer, name: string, token = tenant.admin.token) =>
    request(t.server).post('/api/drivers/import/preview').set('Authorization', `Bearer ${token}`).attach('file', file, name);
  const importRows = (rows: unknown[]) => request(t.server).post('/api/drivers/import').set('Authorization', `Bearer ${tenant.admin.token}`).send({ rows });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('reads an .xlsx with Spanish headers: normalized rows, every problem by row and field', async () => {
    const file = await xlsxFile([
      ['NOMBRE', 'apellido', 'Rut', 'Teléfono', 'Correo electrónico', 'Direccion', 'CIUDAD', 'Licencia'],
      [
        '  Juana ',
        'Pérez',
        '12.345.678-5',
        '+56 9 1234 5678',
        { text: 'Juana.Perez@Example.CL', hyperlink: 'mailto:juana.perez@example.cl' },
        '',
        'Santiago',
        'A2',
      ],
      null,
      ['Pedro', 'Rojas', '10.000.013-k', 56987654321, null, 'Av. Matta 100', null],
      ['Luis', 'Mora', '12345678-0', null, 'luis@', null, null],
      ['Ana', 'Soto', '12345678-5', null, null, null, null],
      ['Sin', '', '11111111-1'],
    ]);
    const res = await preview(file, 'conductores.xlsx').expect(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        rows: [
          { row: 2, firstName: 'Juana', lastName: 'Pérez', rut: '12345678-5', phone: '+56912345678', email: 'juana.perez@example.cl', city: 'Santiago' },
          { row: 4, firstName: 'Pedro', lastName: 'Rojas', rut: '10000013-K', phone: '56987654321', address: 'Av. Matta 100' },
        ],
        problems: [
          { row: 1, field: null, level: 'warning', message: 'Column H "Licencia" is not a driver field and is ignored.' },
          { row: 5, field: 'rut', level: 'error', message: 'RUT 12345678-0 has a wrong check digit: a RUT with these digits ends in -5.' },
          { row: 5, field: 'email', level: 'error', message: 'Email "luis@" is not a valid email address.' },
          { row: 6, field: 'rut', level: 'error', message: 'RUT 12345678-5 is repeated: it already appears in row 2 of this import.' },
          { row: 7, field: 'lastName', level: 'error', message: 'Column B "apellido" is empty: a driver needs a first name, a last name and a RUT.' },
        ],
        summary: { format: 'xlsx', sheetName: 'Conductores', totalRows: 5, validRows: 2, invalidRows: 3, warnings: 1 },
      },
    });
  });

  it('reads a UTF-8 CSV with a BOM and English headers', async () => {
    const file = csvFile(
      [
        ['First Name', 'LAST_NAME', 'rut', 'Phone', 'E-mail', 'Address', 'City'],
        ['José', 'Muñoz, hijo', '7.654.321-6', '', 'JOSE@MAIL.CL', 'Calle "Uno", 5', 'Ñuñoa'],
      ],
      { bom: true },
    );
    const res = await preview(file, 'drivers.csv').expect(200);
    expect(res.body.data.rows).toEqual([
      { row: 2, firstName: 'José', lastName: 'Muñoz, hijo', rut: '7654321-6', email: 'jose@mail.cl', address: 'Calle "Uno", 5', city: 'Ñuñoa' },
    ]);
    expect(res.body.data.problems).toEqual([]);
    expect(res.body.data.summary).toEqual({ format: 'csv', encoding: 'utf-8-bom', delimiter: ',', totalRows: 1, validRows: 1, invalidRows: 0, warnings: 0 });
  });

  it('reads a Latin-1 (Windows-1252) CSV separated by ";", as Chilean Excel saves it, and says so', async () => {
    const file = csvFile(
      [
        ['Nombre', 'Apellido', 'RUT', 'Teléfono', 'Dirección', 'Ciudad'],
        ['Begoña', 'Núñez', '12.345.678-5', '9 8765 4321', 'Pasaje Ñandú 3', 'Concepción'],
      ],
      { delimiter: ';', encoding: 'latin1' },
    );
    const res = await preview(file, 'conductores.csv').expect(200);
    expect(res.body.data.rows).toEqual([
      { row: 2, firstName: 'Begoña', lastName: 'Núñez', rut: '12345678-5', phone: '987654321', address: 'Pasaje Ñandú 3', city: 'Concepción' },
    ]);
    expect(res.body.data.summary).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(res.body.data.problems).toEqual([
      { row: 1, field: null, level: 'warning', message: expect.stringMatching(/^The file is not UTF-8: it was read as Windows-1252/) },
    ]);
  });

  it('tells a CSV from an .xlsx by content, whatever the file is named', async () => {
    const res = await preview(await xlsxFile(driverRows(2, 15_000_000)), 'drivers.csv').expect(200);
    expect(res.body.data.summary).toMatchObject({ format: 'xlsx', validRows: 2 });
  });

  it('marks RUTs the client already has, and posting rows unchanged imports exactly them (.xlsx and hand-made CSV)', async () => {
    const first = await preview(await xlsxFile(driverRows(3, 16_000_000)), 'a.xlsx').expect(200);
    expect((await importRows(first.body.data.rows).expect(201)).body.data).toEqual({ createdCount: 3, failedRows: [] });

    const handMade = Buffer.from(
      '\uFEFFnombre;apellido;rut;correo\r\n' +
        `Ana;Rojas;${rutOf(16_000_001)};\r\n` +
        'Marta;"Díaz; Vera";17.000.000-5;MARTA@EXAMPLE.CL\r\n' +
        '\r\n' +
        `Tomás;Lagos;${rutOf(17_000_001).replace(/^(\d{2})(\d{3})(\d{3})/, '$1.$2.$3')}\r\n`,
      'utf8',
    );
    const second = await preview(handMade, 'hecho-a-mano.csv').expect(200);
    expect(second.body.data.problems).toEqual([
      { row: 2, field: 'rut', level: 'error', message: `A driver with RUT ${rutOf(16_000_001)} is already registered.` },
    ]);
    expect(second.body.data.rows).toEqual([
      { row: 3, firstName: 'Marta', lastName: 'Díaz; Vera', rut: '17000000-5', email: 'marta@example.cl' },
      { row: 5, firstName: 'Tomás', lastName: 'Lagos', rut: rutOf(17_000_001) },
    ]);
    expect((await importRows(second.body.data.rows).expect(201)).body.data).toEqual({ createdCount: 2, failedRows: [] });
    const stored = await t.connection.collection('drivers').findOne({ clientId: tenant.clientId, rut: '17000000-5' });
    expect(stored).toMatchObject({ firstName: 'Marta', lastName: 'Díaz; Vera', email: 'marta@example.cl' });
  });

  it('previews 1000 rows, and refuses 1001', async () => {
    const res = await preview(await xlsxFile(driverRows(1000, 18_000_000)), 'mil.xlsx').expect(200);
    expect(res.body.data.summary).toMatchObject({ totalRows: 1000, validRows: 1000 });
    expect(res.body.data.rows.at(-1).row).toBe(1001);
    const over = await preview(await xlsxFile(driverRows(1001, 18_000_000)), 'mil-uno.xlsx').expect(400);
    expect(over.body.error).toMatch(/1001 drivers; at most 1000/);
    expect((await preview(csvFile(driverRows(1001, 18_000_000)), 'mil-uno.csv').expect(400)).body.error).toMatch(/1001 drivers/);
  });

  it('answers a broken or unreadable file with a 400 that says what to do, never a 500', async () => {
    const xlsx = await xlsxFile(driverRows(50, 19_000_000));
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const cases: Array<[Buffer, string, RegExp]> = [
      [xlsx.subarray(0, Math.floor(xlsx.length / 2)), 'cortado.xlsx', /incomplete or damaged/],
      [garbage, 'basura.csv', /neither an .xlsx workbook nor a CSV/],
      [Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), garbage]), 'falso.xlsx', /incomplete or damaged/],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'viejo.xls', /old Excel workbook/],
      [Buffer.alloc(0), 'vacio.csv', /empty/],
      [Buffer.from('\n\n'), 'blanco.csv', /sheet is empty/],
      [csvFile([['Nombre', 'Apellido']]), 'sin-rut.csv', /no column for rut \(headers accepted: rut, run/],
      [csvFile([['Nombre', 'Apellido', 'RUT']]), 'sin-filas.csv', /no drivers/],
      [Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe, 0x41]), 'bom-falso.csv', /not UTF-8 text/],
    ];
    for (const [file, name, message] of cases) {
      const res = await preview(file, name);
      expect([name, res.status, res.body]).toEqual([name, 400, { error: expect.stringMatching(message) }]);
    }
  });

  it('refuses a request without exactly one file in "file": 400 shape A; over 5 MB: 413', async () => {
    const file = csvFile(driverRows(1, 19_500_000));
    const call = () => request(t.server).post('/api/drivers/import/preview').set('Authorization', `Bearer ${tenant.admin.token}`);
    expect((await call().send({ rows: [] }).expect(400)).body.error).toMatch(/multipart\/form-data, in the field "file"/);
    expect((await call().attach('file', file, 'a.csv').attach('file', file, 'b.csv').expect(400)).body.error).toMatch(/could not be read/);
    expect((await call().attach('archivo', file, 'a.csv').expect(400)).body.error).toMatch(/field "file"/);
    expect((await call().set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\nbroken').expect(400)).body.error).toMatch(/could not be read/);
    const big = Buffer.concat([file, Buffer.alloc(5 * 1024 * 1024, 'a')]);
    const tooLarge = await call()
      .attach('file', big, 'grande.csv')
      .catch((error: { response?: request.Response }) => error.response!);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: 'The file is larger than 5 MB: split the sheet into smaller files.' });
  });

  it('401 without or with a bad token, 403 without access_drivers', async () => {
    const file = csvFile(driverRows(1, 19_600_000));
    await request(t.server).post('/api/drivers/import/preview').attach('file', file, 'a.csv').expect(401);
    await preview(file, 'a.csv', 'sess_nonsense').expect(401);
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    expect((await preview(file, 'a.csv', viewer.token).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
    await request(t.server).get('/api/drivers/import/template').set('Authorization', `Bearer ${viewer.token}`).expect(403);
    await request(t.server).get('/api/drivers/import/template').expect(401);
  });

  it('previews the example sheets of docs/examples alike (.xlsx, and Windows-1252 CSV with ";")', async () => {
    const other = await createTenant(t.app);
    const answers = [];
    for (const name of ['drivers-example.xlsx', 'drivers-example.csv']) {
      const res = await preview(readFileSync(join(__dirname, '../../docs/examples', name)), name, other.admin.token).expect(200);
      answers.push(res.body.data);
    }
    expect(answers[0].rows.map((row: { rut: string }) => row.rut)).toEqual(['12345678-5', '10000013-K', '7654321-6']);
    expect(answers[1].rows).toEqual(answers[0].rows);
    expect(answers[0].problems.filter((p: { level: string }) => p.level === 'error').map((p: { row: number; field: string }) => `${p.row}:${p.field}`)).toEqual(
      ['5:rut', '5:email', '6:rut', '7:lastName', '8:phone'],
    );
    expect(answers[1].problems.filter((p: { level: string }) => p.level === 'error')).toEqual(
      answers[0].problems.filter((p: { level: string }) => p.level === 'error'),
    );
    expect(answers[1].summary).toMatchObject({ encoding: 'windows-1252', delimiter: ';', totalRows: 7, validRows: 3, invalidRows: 4 });
  });

  it('serves the template as an attachment; previewed, its example row is ready to import', async () => {
    const xlsx = await request(t.server)
      .get('/api/drivers/import/template')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="plantilla-conductores.xlsx"');
    const workbook = new Workbook();
    await workbook.xlsx.load(xlsx.body);
    expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, 'Nombre', 'Apellido', 'RUT', 'Teléfono', 'Correo', 'Dirección', 'Ciudad']);
    const other = await createTenant(t.app);
    const previewed = await preview(xlsx.body, 'plantilla.xlsx', other.admin.token).expect(200);
    expect(previewed.body.data.rows).toEqual([
      {
        row: 2,
        firstName: 'Juana',
        lastName: 'Pérez Soto',
        rut: '12345678-5',
        phone: '+56912345678',
        email: 'juana.perez@example.cl',
        address: "Av. Libertador Bernardo O'Higgins 1234",
        city: 'Santiago',
      },
    ]);

    const csv = await request(t.server).get('/api/drivers/import/template?format=csv').set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="plantilla-conductores.csv"');
    expect(csv.text).toBe(
      "\uFEFFNombre;Apellido;RUT;Teléfono;Correo;Dirección;Ciudad\r\nJuana;Pérez Soto;12.345.678-5;+56 9 1234 5678;juana.perez@example.cl;Av. Libertador Bernardo O'Higgins 1234;Santiago\r\n",
    );
    const csvPreview = await preview(Buffer.from(csv.text, 'utf8'), 'plantilla.csv', other.admin.token).expect(200);
    expect(csvPreview.body.data.rows).toEqual(previewed.body.data.rows);

    expect(
      (await request(t.server).get('/api/drivers/import/template?format=pdf').set('Authorization', `Bearer ${tenant.admin.token}`).expect(400)).body,
    ).toEqual({ error: 'format must be xlsx or csv' });
    await request(t.server).get('/api/drivers/import/template?lang=es').set('Authorization', `Bearer ${tenant.admin.token}`).expect(400);
  });
});
