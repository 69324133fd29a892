import ExcelJS from 'exceljs';
import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, EVERY_PERMISSION, TestTenant } from '../factories/tenant.factory';
import { addAsset } from './positions-fixtures';

const FROM = '2026-11-20T09:00:00-03:00';
const TO = '2026-11-20T11:00:00-03:00';

/** The tasks import through HTTP: CSV and .xlsx, names turned into ids, updates by externalId, bad rows by number, the dry run, refusals. */
describe('tasks import', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let placeId: string;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const upload = (content: string | Buffer, { query = '', token = tenant.admin.token, name = 'tareas.csv' } = {}) =>
    request(t.server)
      .post(`/api/tasks/import${query}`)
      .set(auth(token))
      .attach('file', typeof content === 'string' ? Buffer.from(content) : content, name);
  const tasks = async () => (await request(t.server).get('/api/tasks?limit=200').set(auth()).expect(200)).body.data as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    placeId = (
      await request(t.server)
        .post('/api/places')
        .set(auth())
        .send({ name: 'Cliente', location: { type: 'Point', coordinates: [-70.7, -33.5] }, externalId: 'CLI-1' })
        .expect(201)
    ).body.data.id;
    await fleetFixtures(t.app, tenant.clientId).asset({ plate: 'KJHT-42' });
    await t.connection
      .collection('drivers')
      .insertOne({ clientId: tenant.clientId, rut: '12345678-5', firstName: 'Ana', lastName: 'Rojas', createdAt: new Date(), updatedAt: new Date() });
  });
  afterAll(() => t.close());

  it('creates tasks from a CSV (place by id or externalId, or a point; plate and RUT), reports each bad row by number, and writes nothing in a dry run', async () => {
    const csv = [
      'title,placeExternalId,placeId,lat,lng,radiusM,windowFrom,windowTo,serviceMinutes,assetPlate,driverRut,externalId,priority,ignored',
      `Entrega 1,CLI-1,,,,,${FROM},${TO},15,kjht 42,12.345.678-5,PED-1,high,x`,
      `Entrega 2,,${placeId},,,,${FROM},${TO},,,,PED-2,,`,
      `Retiro,,,-33.45,-70.66,200,${FROM},${TO},,,,PED-3,low,`,
      `Sin lugar,,,,,,${FROM},${TO},,,,PED-4,,`,
      `Mala ventana,CLI-1,,,,,${TO},${FROM},,,,PED-5,,`,
      `Patente ajena,CLI-1,,,,,${FROM},${TO},,ZZZZ-99,,PED-6,,`,
      `Lugar ajeno,CLI-404,,,,,${FROM},${TO},,,,PED-7,,`,
      `Repetida,CLI-1,,,,,${FROM},${TO},,,,PED-1,,`,
      `Prioridad,CLI-1,,,,,${FROM},${TO},,,,PED-8,urgent,`,
    ].join('\n');
    const expected = {
      created: 3,
      updated: 0,
      unchanged: 0,
      failed: [
        { row: 4, message: expect.stringContaining('placeId') },
        { row: 5, message: expect.stringContaining('window.from must be before window.to') },
        { row: 6, message: expect.stringContaining('ZZZZ-99') },
        { row: 7, message: expect.stringContaining('CLI-404') },
        { row: 8, message: 'externalId "PED-1" repeats row 1 of the file' },
        { row: 9, message: expect.stringContaining('priority') },
      ],
    };
    expect((await upload(csv, { query: '?dryRun=true' }).expect(200)).body.data).toEqual(expected);
    expect(await tasks()).toEqual([]);
    expect((await upload(csv).expect(200)).body.data).toEqual(expected);
    const byExternalId = new Map((await tasks()).map((task) => [task.externalId, task]));
    expect(byExternalId.get('PED-1')).toMatchObject({ placeId, state: 'assigned', driverName: 'Ana Rojas', serviceMinutes: 15, priority: 'high' });
    expect(byExternalId.get('PED-2')).toMatchObject({ placeId, state: 'unassigned', priority: 'normal' });
    expect(byExternalId.get('PED-3')).toMatchObject({ placeId: null, location: { lat: -33.45, lng: -70.66 }, radiusM: 200, priority: 'low' });
  });

  it('updates the tasks its externalIds name from an .xlsx, counts the unchanged, and refuses changing a done task', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tareas');
    sheet.addRow(['externalId', 'title', 'placeExternalId', 'windowFrom', 'windowTo']);
    sheet.addRow(['X-1', 'Primera', 'CLI-1', FROM, TO]);
    sheet.addRow(['X-2', 'Segunda', 'CLI-1', FROM, TO]);
    const file = async () => Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await upload(await file(), { name: 'tareas.xlsx' }).expect(200)).body.data).toEqual({ created: 2, updated: 0, unchanged: 0, failed: [] });
    sheet.getRow(2).getCell(2).value = 'Primera (cambiada)';
    const second = (await tasks()).find((task) => task.externalId === 'X-2')!;
    const asset = await addAsset(t, tenant.clientId, { plate: 'BBCC-11' });
    await request(t.server)
      .patch(`/api/tasks/${second.id as string}`)
      .set(auth())
      .send({ assetId: asset.assetId })
      .expect(200);
    await request(t.server)
      .post(`/api/tasks/${second.id as string}/complete`)
      .set(auth())
      .send({})
      .expect(200);
    sheet.getRow(3).getCell(2).value = 'Segunda (cambiada)';
    const answer = (await upload(await file(), { name: 'tareas.xlsx' }).expect(200)).body.data;
    expect(answer).toEqual({ created: 0, updated: 1, unchanged: 0, failed: [{ row: 2, message: expect.stringContaining('is done') }] });
    sheet.getRow(3).getCell(2).value = 'Segunda';
    expect((await upload(await file(), { name: 'tareas.xlsx' }).expect(200)).body.data).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const titles = (await tasks()).filter((task) => String(task.externalId).startsWith('X-')).map((task) => task.title);
    expect(titles.sort()).toEqual(['Primera (cambiada)', 'Segunda']);
  });

  it('refuses a file without the required columns, without rows or with no file (400), no credential (401), no access_tasks (403)', async () => {
    expect((await upload('title,placeId\nx,y').expect(400)).body.error).toContain('windowFrom');
    expect((await upload(`title,windowFrom,windowTo\nx,${FROM},${TO}`).expect(400)).body.error).toContain('placeId');
    await upload(`title,placeId,windowFrom,windowTo\n`).expect(400);
    await upload('').expect(400);
    await request(t.server).post('/api/tasks/import').set(auth()).expect(400);
    await upload(`title,placeId,windowFrom,windowTo\nx,${placeId},${FROM},${TO}`, { query: '?dryRun=maybe' }).expect(400);
    await request(t.server).post('/api/tasks/import').attach('file', Buffer.from('title'), 'x.csv').expect(401);
    const without = await tenant.addUser({ permissions: EVERY_PERMISSION.filter((permission) => permission !== Permission.Tasks) });
    await upload(`title,placeId,windowFrom,windowTo\nx,${placeId},${FROM},${TO}`, { token: without.token }).expect(403);
  });
});
