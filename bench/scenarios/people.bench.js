// People at volume: the driver spreadsheet preview of a real 1 000-row .xlsx written by exceljs
// (target < 500 ms) and of the same rows as a CSV; `GET /api/drivers` and `GET /api/activity-log`
// with 100 000 records each of the demo client acme (first page, a page half way down, a filter);
// and the export of 100 000 events as CSV and .xlsx: time to the last byte and the app's RSS
// during it (sampled every 100 ms here; the harness's own probe samples the whole run every 500 ms).
const { join } = require('node:path');
const { Types } = require('mongoose');
const { Workbook } = require('exceljs');
const { rutCheckDigit } = require(join(__dirname, '../../dist/libs/formats/src/rut.js'));
const { rssMiB } = require('../lib/processes');
const { insertInBatches, deepCursor, checkCursor, loadList } = require('../lib/bulk');

const DRIVERS = 100_000;
const EVENTS = 100_000;
const FIRST_NAMES = ['Juana', 'Pedro', 'María José', 'Luis', 'Camila', 'Matías', 'Francisca', 'Sebastián', 'Valentina', 'Tomás'];
const LAST_NAMES = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda'];
const CITIES = ['Santiago', 'Valparaíso', 'Concepción', 'Temuco', 'Rancagua', 'Talca', 'Chillán', 'Los Ángeles', 'Antofagasta', 'Puerto Montt'];
const ACTIONS = [
  ['driver.update', 'driver'],
  ['asset.update', 'asset'],
  ['work_order.transition', 'work_order'],
  ['inspection.submit', 'inspection'],
  ['dynamic_form.update', 'dynamic_form'],
];
const rut = (body) => `${body}-${rutCheckDigit(String(body))}`;
const searchKey = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

async function setUpDrivers(ctx, clientId, userId) {
  const now = new Date();
  const drivers = Array.from({ length: DRIVERS }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
    const lastName = `${LAST_NAMES[Math.floor(i / 10) % LAST_NAMES.length]} ${LAST_NAMES[Math.floor(i / 100) % LAST_NAMES.length]}`;
    const city = CITIES[Math.floor(i / 7) % CITIES.length];
    return {
      _id: new Types.ObjectId(),
      clientId,
      userId,
      rut: rut(40_000_000 + i),
      firstName,
      lastName,
      phone: `+569${String(10_000_000 + i).slice(-8)}`,
      email: `conductor${40_000_000 + i}@example.cl`,
      address: `Calle ${i}`,
      city,
      nameKey: searchKey(`${firstName} ${lastName}`),
      lastNameKey: searchKey(lastName),
      cityKey: searchKey(city),
      createdAt: now,
      updatedAt: now,
    };
  });
  await insertInBatches(ctx.db.collection('drivers'), drivers);
}

/** 100 000 events of the admin, one a minute, all before `end` (a window no other event of the demo falls in). */
async function setUpEvents(ctx, clientId, userId, end) {
  const admin = ctx.manifest.clients.acme.users.admin;
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const [action, resourceType] = ACTIONS[i % ACTIONS.length];
    const resourceId = new Types.ObjectId().toHexString();
    return {
      _id: new Types.ObjectId(),
      clientId,
      actor: { userId, name: 'Admin Acme', email: admin.email, credential: 'session' },
      action,
      resourceType,
      resourceId,
      summary: `${resourceType} ${resourceId} changed`,
      before: { name: `Nombre ${i}` },
      after: { name: `Nombre ${i + 1}` },
      requestId: `0190c7a4-${String(i).padStart(4, '0').slice(-4)}-7000-8000-000000000000`,
      ip: `10.0.${i % 256}.${(i >> 8) % 256}`,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      occurredAt: new Date(end.getTime() - (EVENTS - i) * 60_000),
    };
  });
  await insertInBatches(ctx.db.collection('activity_events'), events);
}

async function driverWorkbook(rows) {
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Conductores');
  sheet.addRow(['Nombre', 'Apellido', 'RUT', 'Teléfono', 'Correo', 'Dirección', 'Ciudad']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function postPreview(ctx, file, name, type) {
  const form = new FormData();
  form.append('file', new Blob([file], { type }), name);
  const res = await fetch(`${ctx.baseUrl}/api/drivers/import/preview`, { method: 'POST', headers: ctx.auth(), body: form });
  const json = await res.json();
  if (res.status !== 200 || json.data.summary.validRows !== 1000) throw new Error(`preview answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
}

/** One export read to its last byte, with the app's RSS sampled every 100 ms meanwhile. */
async function exportOnce(ctx, query) {
  const samples = [rssMiB(ctx.app.child.pid)];
  const timer = setInterval(() => samples.push(rssMiB(ctx.app.child.pid)), 100);
  const started = Date.now();
  let bytes = 0;
  try {
    const res = await fetch(`${ctx.baseUrl}/api/activity-log/export?${query}`, { headers: ctx.auth() });
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    for await (const chunk of res.body) bytes += chunk.length;
  } finally {
    clearInterval(timer);
  }
  return { ms: Date.now() - started, bytes, rssBefore: samples[0], rssPeak: Math.max(...samples.filter((s) => s !== undefined)) };
}

module.exports = {
  name: 'people',
  async run(ctx) {
    const acme = ctx.manifest.clients.acme;
    const clientId = new Types.ObjectId(acme.id);
    const userId = new Types.ObjectId(acme.users.admin.id);
    const headers = ctx.auth();

    // The preview: 1 000 new drivers, Spanish headers, as a .xlsx made by exceljs and as a CSV.
    const rows = Array.from({ length: 1000 }, (_, i) => [
      `Nombre ${i}`,
      `Apellido ${i}`,
      rut(50_000_000 + i),
      '+56 9 1234 5678',
      `Conductor${i}@Example.CL`,
      `Calle ${i}`,
      'Santiago',
    ]);
    const xlsx = await driverWorkbook(rows);
    const csv = Buffer.from(`Nombre;Apellido;RUT;Teléfono;Correo;Dirección;Ciudad\r\n${rows.map((r) => r.join(';')).join('\r\n')}\r\n`, 'latin1');
    ctx.note('Preview files: 1 000-row .xlsx / Latin-1 CSV with ";"', `${Math.round(xlsx.length / 1024)} / ${Math.round(csv.length / 1024)}`, 'KiB');
    const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await ctx.time({
      title: 'POST /api/drivers/import/preview, 1 000-row .xlsx (target < 500 ms)',
      runs: 11,
      fn: () => postPreview(ctx, xlsx, 'conductores.xlsx', xlsxType),
    });
    await ctx.time({
      title: 'POST /api/drivers/import/preview, 1 000-row CSV (Latin-1, ";")',
      runs: 11,
      fn: () => postPreview(ctx, csv, 'conductores.csv', 'text/csv'),
    });

    const started = Date.now();
    const end = new Date(Date.now() - 400 * 86_400_000);
    await setUpDrivers(ctx, clientId, userId);
    await setUpEvents(ctx, clientId, userId, end);
    ctx.note(`Set-up: ${DRIVERS} drivers and ${EVENTS} activity events (insertMany, batches of 5 000)`, Date.now() - started, 'ms');

    const driverFilter = { clientId, archivedAt: null };
    const drivers = await ctx.db.collection('drivers').countDocuments(driverFilter);
    await checkCursor(ctx, '/api/drivers', 'drivers', driverFilter);
    const driverCursor = await deepCursor(ctx.db.collection('drivers'), driverFilter, '_id', Math.floor(drivers / 2));
    await loadList(ctx, { title: `GET /api/drivers first page (50 of ${drivers})`, path: '/api/drivers', headers });
    await loadList(ctx, {
      title: `GET /api/drivers page after record ${Math.floor(drivers / 2)} (cursor)`,
      path: `/api/drivers?cursor=${driverCursor}`,
      headers,
    });
    await loadList(ctx, { title: 'GET /api/drivers?city=concepcion (1 in 10)', path: '/api/drivers?city=concepcion', headers });
    await loadList(ctx, { title: 'GET /api/drivers?q=sepulveda (name search)', path: '/api/drivers?q=sepulveda', headers });

    const eventFilter = { clientId };
    const events = await ctx.db.collection('activity_events').countDocuments(eventFilter);
    await checkCursor(ctx, '/api/activity-log', 'activity_events', eventFilter, 'occurredAt');
    const eventCursor = await deepCursor(ctx.db.collection('activity_events'), eventFilter, 'occurredAt', Math.floor(events / 2));
    await loadList(ctx, { title: `GET /api/activity-log first page (50 of ${events})`, path: '/api/activity-log', headers });
    await loadList(ctx, {
      title: `GET /api/activity-log page after record ${Math.floor(events / 2)} (cursor)`,
      path: `/api/activity-log?cursor=${eventCursor}`,
      headers,
    });
    await loadList(ctx, { title: 'GET /api/activity-log?action=asset.update (1 in 5)', path: '/api/activity-log?action=asset.update', headers });

    // The export of exactly the 100 000 stored events: the window they were written in.
    const window = `from=${new Date(end.getTime() - EVENTS * 60_000).toISOString()}&to=${end.toISOString()}`;
    for (const format of ['csv', 'xlsx']) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await exportOnce(ctx, `format=${format}&${window}`));
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      ctx.note(`GET /api/activity-log/export?format=${format}, ${EVENTS} events: time to the last byte, median of 3 (${times.join(', ')} ms)`, times[1], 'ms');
      ctx.note(`  ${format} file size`, Math.round((runs[0].bytes / 2 ** 20) * 10) / 10, 'MiB');
      ctx.note(`  app RSS during the ${format} exports: before the first → peak`, `${runs[0].rssBefore} → ${Math.max(...runs.map((r) => r.rssPeak))}`, 'MiB');
    }
  },
};
