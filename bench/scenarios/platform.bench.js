// Lists at volume: 10 000 assets (each with its tracker), 100 000 inspections and
// 20 000 work orders of the demo client acme, stored in bulk through ctx.db as the app stores them
// (the schemas of libs/fleet, src/inspections and src/maintenance), then `GET /api/assets`,
// `GET /api/inspections` and `GET /api/maintenance/work-orders` on the first page, on a page half
// way down the list and with a filter; and the submission of a 30-field form (`POST /api/inspections`).
const { randomUUID } = require('node:crypto');
const { join } = require('node:path');
const { Types } = require('mongoose');
const { insertInBatches, deepCursor, checkCursor, loadList } = require('../lib/bulk');

const ASSETS = 10_000;
const INSPECTIONS = 100_000;
const WORK_ORDERS = 20_000;
/** One inspection in CRITICAL_EVERY is critical and opened one of the work orders, linked both ways. */
const CRITICAL_EVERY = 50;
const KINDS = ['truck', 'van', 'car', 'trailer', 'reefer'];
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];
const STATUSES = ['open', 'in_progress', 'done', 'cancelled'];
const CATEGORIES = ['preventive', 'corrective', 'tires', 'brakes', 'engine', 'electrical'];
const { normalizePlate } = require(join(__dirname, '../../dist/libs/fleet/src/asset.schema.js'));

/** An answer that is valid for the field and not critical (or critical, when asked and possible), as the app stores it. */
function storedAnswer(field, { critical = false, day }) {
  const base = { fieldId: field.fieldId, type: field.type, label: field.label, critical: false };
  const options = field.options ?? [];
  switch (field.type) {
    case 'text':
      return { ...base, value: 'Juana Pérez' };
    case 'textarea':
      return { ...base, value: 'Sin observaciones' };
    case 'number':
      return { ...base, value: Math.max(field.min ?? 0, Math.min(field.max ?? 1e6, 182_340)) };
    case 'select':
      return { ...base, value: options.find((o) => !o.critical).optionId };
    case 'checkbox':
      return { ...base, value: [options.find((o) => !o.critical).optionId] };
    case 'boolean':
      if (critical && field.criticalWhen !== undefined) return { ...base, value: field.criticalWhen, critical: true };
      return { ...base, value: field.criticalWhen === undefined ? true : !field.criticalWhen };
    case 'stars':
      return { ...base, value: Math.min(4, field.maxStars ?? 5) };
    case 'date':
      return { ...base, value: day };
    default:
      return undefined; // file answers hold upload ids: left out (they are optional in the demo form)
  }
}

async function setUp(ctx) {
  const acme = ctx.manifest.clients.acme;
  const clientId = new Types.ObjectId(acme.id);
  const adminId = new Types.ObjectId(acme.users.admin.id);
  const started = Date.now();
  const now = new Date();

  const trackers = Array.from({ length: ASSETS }, (_, i) => ({
    _id: new Types.ObjectId(),
    clientId,
    vendorId: 9_000_000 + i,
    name: `Bench tracker ${i}`,
    model: 'FMB920',
    createdAt: now,
    updatedAt: now,
  }));
  const assets = trackers.map((tracker, i) => {
    const plate = `BP-${String(i).padStart(5, '0')}`;
    return {
      _id: new Types.ObjectId(),
      clientId,
      name: `Bench unit ${String(i).padStart(5, '0')}`,
      plate,
      plateKey: `${acme.id}:${normalizePlate(plate)}`,
      kind: KINDS[i % KINDS.length],
      icon: { id: 'truck', color: '#1e88e5' },
      mainTrackerId: tracker._id,
      groupIds: [],
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  await insertInBatches(ctx.db.collection('trackers'), trackers);
  await insertInBatches(ctx.db.collection('assets'), assets);

  // The demo's active form (the one the seed's inspections answer), at its current version.
  const form = await ctx.db.collection('dynamic_forms').findOne({ _id: new Types.ObjectId(acme.forms.active) });
  const criticalField = form.fields.find((field) => field.type === 'boolean' && field.criticalWhen !== undefined);
  const inspections = [];
  const orders = [];
  for (let i = 0; i < INSPECTIONS; i++) {
    const asset = assets[i % ASSETS];
    const submittedAt = new Date(now.getTime() - (INSPECTIONS - i) * 5 * 60_000); // one every 5 minutes, the last one now
    const critical = i % CRITICAL_EVERY === 0;
    const day = submittedAt.toISOString().slice(0, 10);
    const inspection = {
      _id: new Types.ObjectId(),
      clientId,
      assetId: asset._id,
      inspectorId: adminId,
      odometerKm: 100_000 + i,
      location: { lat: -33.45 + (i % 100) * 1e-3, lng: -70.66 },
      formId: form._id,
      formVersion: form.version,
      formName: form.name,
      answers: form.fields.map((field) => storedAnswer(field, { critical: critical && field === criticalField, day })).filter(Boolean),
      critical,
      criticalFieldIds: critical ? [criticalField.fieldId] : [],
      submittedAt,
    };
    if (critical) {
      const orderId = new Types.ObjectId();
      inspection.workOrderId = orderId;
      orders.push({
        _id: orderId,
        clientId,
        assetId: asset._id,
        category: 'inspection',
        title: `Inspección crítica: ${form.name}`,
        description: '',
        priority: 'high',
        status: 'open',
        forms: [],
        history: [],
        hasCriticalAnswers: true,
        createdBy: adminId,
        createdAt: submittedAt,
        updatedAt: submittedAt,
        inspection: {
          inspectionId: inspection._id,
          formId: form._id,
          formVersion: form.version,
          formName: form.name,
          criticalFieldIds: inspection.criticalFieldIds,
          submittedBy: adminId,
          submittedAt,
        },
      });
    }
    inspections.push(inspection);
  }
  await insertInBatches(ctx.db.collection('inspections'), inspections);

  // The rest of the work orders: every status with its history, priorities, categories, due days.
  for (let i = orders.length; i < WORK_ORDERS; i++) {
    const createdAt = new Date(now.getTime() - (WORK_ORDERS - i) * 30 * 60_000);
    const status = STATUSES[i % STATUSES.length];
    const at = new Date(createdAt.getTime() + 3_600_000);
    const history = {
      open: [],
      in_progress: [{ from: 'open', to: 'in_progress', by: adminId, at }],
      done: [
        { from: 'open', to: 'in_progress', by: adminId, at },
        { from: 'in_progress', to: 'done', note: 'Reparado', by: adminId, at },
      ],
      cancelled: [{ from: 'open', to: 'cancelled', note: 'Duplicada', by: adminId, at }],
    }[status];
    orders.push({
      _id: new Types.ObjectId(),
      clientId,
      assetId: assets[i % ASSETS]._id,
      category: CATEGORIES[i % CATEGORIES.length],
      title: `Mantención ${i}`,
      description: 'Revisar y reparar',
      priority: PRIORITIES[i % PRIORITIES.length],
      status,
      dueDate: createdAt.toISOString().slice(0, 10),
      forms: [],
      history,
      hasCriticalAnswers: false,
      createdBy: adminId,
      assigneeId: adminId,
      createdAt,
      updatedAt: at,
    });
  }
  await insertInBatches(ctx.db.collection('work_orders'), orders);
  ctx.note(
    `Set-up: ${ASSETS} trackers and assets, ${INSPECTIONS} inspections, ${orders.length} work orders (insertMany, batches of 5 000)`,
    Date.now() - started,
    'ms',
  );
  return { clientId, assets, form };
}

/** A form of 30 required fields of every kind but files, for the asset, created through the API. */
async function thirtyFieldForm(ctx, assetId) {
  const option = (label, critical = false) => ({ optionId: randomUUID(), label, critical });
  const kinds = [
    (n) => ({ type: 'text', label: `Texto ${n}`, minLength: 2, maxLength: 100 }),
    (n) => ({ type: 'number', label: `Medida ${n}`, min: 0, max: 1_000_000 }),
    (n) => ({ type: 'select', label: `Estado ${n}`, options: [option(`bien${n}`), option(`mal${n}`, true)] }),
    (n) => ({ type: 'boolean', label: `¿Falla ${n}?`, criticalWhen: true }),
    (n) => ({ type: 'stars', label: `Nota ${n}`, maxStars: 5 }),
    (n) => ({ type: 'date', label: `Fecha ${n}`, disableFuture: true }),
    (n) => ({ type: 'checkbox', label: `Revisado ${n}`, options: [option(`a${n}`), option(`b${n}`)], minChecked: 1 }),
    (n) => ({ type: 'textarea', label: `Observación ${n}`, maxLength: 2000 }),
  ];
  const fields = Array.from({ length: 30 }, (_, n) => ({ fieldId: `f${n}`, required: true, ...kinds[n % kinds.length](n) }));
  const res = await fetch(`${ctx.baseUrl}/api/dynamic-forms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ctx.auth() },
    body: JSON.stringify({ name: 'Bench: inspección de 30 campos', fields, assetIds: [assetId] }),
  });
  const json = await res.json();
  if (res.status !== 201) throw new Error(`form creation answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10); // not "in the future" in any client time zone
  const answers = json.data.fields.map((field) => ({ fieldId: field.fieldId, value: storedAnswer(field, { day }).value }));
  return { formId: json.data._id, answers };
}

module.exports = {
  name: 'platform',
  async run(ctx) {
    const { clientId, assets } = await setUp(ctx);
    const headers = ctx.auth();
    const lists = [
      { path: '/api/assets', collection: 'assets', filter: { clientId, archivedAt: null }, filterTitle: 'kind=trailer', query: 'kind=trailer' },
      {
        path: '/api/inspections',
        collection: 'inspections',
        filter: { clientId },
        filterTitle: 'assetId (10 of 100 000)',
        query: `assetId=${assets[1234]._id}`,
      },
      { path: '/api/maintenance/work-orders', collection: 'work_orders', filter: { clientId }, filterTitle: 'status=in_progress', query: 'status=in_progress' },
    ];
    const extra = {
      '/api/inspections': { filterTitle: 'critical=true', query: 'critical=true' },
      '/api/maintenance/work-orders': { filterTitle: `assetId (2 of 20 000)`, query: `assetId=${assets[4321]._id}` },
    };
    for (const list of lists) {
      const total = await ctx.db.collection(list.collection).countDocuments(list.filter);
      await checkCursor(ctx, list.path, list.collection, list.filter);
      const offset = Math.floor(total / 2);
      const cursor = await deepCursor(ctx.db.collection(list.collection), list.filter, '_id', offset);
      await loadList(ctx, { title: `GET ${list.path} first page (50 of ${total})`, path: list.path, headers });
      await loadList(ctx, { title: `GET ${list.path} page after record ${offset} (cursor)`, path: `${list.path}?cursor=${cursor}`, headers });
      await loadList(ctx, { title: `GET ${list.path}?${list.filterTitle}`, path: `${list.path}?${list.query}`, headers });
      if (extra[list.path])
        await loadList(ctx, { title: `GET ${list.path}?${extra[list.path].filterTitle}`, path: `${list.path}?${extra[list.path].query}`, headers });
    }

    const tracked = ctx.manifest.clients.acme.assets.tracked;
    const { formId, answers } = await thirtyFieldForm(ctx, tracked);
    const body = { assetId: tracked, formId, answers, odometerKm: 182_340, location: { lat: -33.45, lng: -70.66 } };
    await ctx.time({
      title: 'POST /api/inspections, 30-field form (one at a time, request round trip)',
      runs: 21,
      fn: async () => {
        const res = await fetch(`${ctx.baseUrl}/api/inspections`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        if (res.status !== 201) throw new Error(`submission answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        await res.arrayBuffer();
      },
    });
    await ctx.load({ title: 'POST /api/inspections, 30-field form', method: 'POST', path: '/api/inspections', headers, body });
    ctx.note('Inspections in the database after the run', await ctx.db.collection('inspections').countDocuments({ clientId }), 'documents');
  },
};
