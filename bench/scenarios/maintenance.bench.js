// The service status at volume: 10 000 assets of the demo client acme (stored in bulk
// through ctx.db as the app stores them, each with its meters) and 5 service plans on all of them,
// created through `POST /api/maintenance/service-plans` (the app materialises the 50 000 statuses,
// timed), then the first page of `GET /api/maintenance/service-status` (the target: p50
// < 50 ms), the page after 25 000 statuses, one plan's and one state's.
const { join } = require('node:path');
const { Types } = require('mongoose');
const { insertInBatches, deepCursor, loadList } = require('../lib/bulk');

const ASSETS = Number(process.env.BENCH_MAINTENANCE_ASSETS ?? 10_000);
const PLANS = [
  { name: 'Bench 10 000 km / 12 months', intervals: { km: 10_000, days: 365 }, dueSoon: { km: 1_000, days: 30 } },
  { name: 'Bench 250 h', intervals: { engineHours: 250 }, dueSoon: { engineHours: 25 } },
  { name: 'Bench 40 000 km', intervals: { km: 40_000 }, dueSoon: { km: 2_000 } },
  { name: 'Bench 6 months', intervals: { days: 182 }, dueSoon: { days: 14 } },
  { name: 'Bench 20 000 km / 500 h', intervals: { km: 20_000, engineHours: 500 }, dueSoon: { km: 1_500, engineHours: 40 } },
];
const { normalizePlate } = require(join(__dirname, '../../dist/libs/fleet/src/asset.schema.js'));

async function setUp(ctx) {
  const acme = ctx.manifest.clients.acme;
  const clientId = new Types.ObjectId(acme.id);
  const now = new Date();
  const assets = Array.from({ length: ASSETS }, (_, i) => {
    const plate = `MP-${String(i).padStart(5, '0')}`;
    return {
      _id: new Types.ObjectId(),
      clientId,
      name: `Bench maintained ${String(i).padStart(5, '0')}`,
      plate,
      plateKey: `${acme.id}:${normalizePlate(plate)}`,
      kind: 'truck',
      icon: { id: 'truck', color: '#1e88e5' },
      mainTrackerId: null,
      groupIds: [],
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const meters = assets.map((asset, i) => ({
    _id: asset._id,
    clientId,
    assetId: asset._id,
    odometerKm: 50_000 + (i % 100) * 1_000,
    engineHours: 2_000 + (i % 50) * 10,
    odometerSource: 'reading',
    updatedAt: now,
    feed: null,
    lastCheckpointTs: null,
    watch: null,
  }));
  await insertInBatches(ctx.db.collection('assets'), assets);
  await insertInBatches(ctx.db.collection('asset_meters'), meters);

  const created = [];
  for (const plan of PLANS) {
    const started = process.hrtime.bigint();
    const res = await fetch(`${ctx.baseUrl}/api/maintenance/service-plans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ctx.auth() },
      body: JSON.stringify({ ...plan, allAssets: true }),
    });
    const json = await res.json();
    if (res.status !== 201) throw new Error(`POST /api/maintenance/service-plans answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    created.push({ id: json.data.id, ms: Number(process.hrtime.bigint() - started) / 1e6 });
  }
  const durations = created.map((plan) => plan.ms).sort((a, b) => a - b);
  ctx.note(
    `POST /api/maintenance/service-plans on all ${ASSETS + 2} assets (statuses materialised), median of ${PLANS.length}`,
    Math.round(durations[Math.floor(durations.length / 2)]),
    'ms',
  );
  // Every tenth status overdue, as if their meters had run past the plan (a state filter's figure).
  const statuses = ctx.db.collection('service_statuses');
  const ids = await statuses.find({ clientId, planId: { $in: created.map((plan) => new Types.ObjectId(plan.id)) } }, { projection: { _id: 1 } }).toArray();
  await statuses.updateMany({ _id: { $in: ids.filter((_, i) => i % 10 === 0).map((status) => status._id) } }, { $set: { state: 'overdue' } });
  return { clientId, plans: created, total: await statuses.countDocuments({ clientId }) };
}

module.exports = {
  name: 'maintenance',
  async run(ctx) {
    const { clientId, plans, total } = await setUp(ctx);
    ctx.note('service statuses of acme', total, 'statuses');
    const headers = ctx.auth();
    const path = '/api/maintenance/service-status';
    // The statuses answer no id of their own: the cursor made from the database is checked against the first page's.
    const first = await (await fetch(`${ctx.baseUrl}${path}`, { headers })).json();
    const made = await deepCursor(ctx.db.collection('service_statuses'), { clientId }, '_id', first.data.length);
    if (first.page.nextCursor !== made) throw new Error(`${path}: the cursor made from the database (${made}) is not the app's (${first.page.nextCursor})`);
    await ctx.time({
      title: `GET ${path} first page (50 of ${total}), one request at a time`,
      runs: 21,
      fn: async () => {
        const res = await fetch(`${ctx.baseUrl}${path}`, { headers });
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        await res.arrayBuffer();
      },
    });
    await loadList(ctx, { title: `GET ${path} first page (50 of ${total})`, path, headers });
    const cursor = await deepCursor(ctx.db.collection('service_statuses'), { clientId }, '_id', Math.floor(total / 2));
    await loadList(ctx, { title: `GET ${path} page after status ${Math.floor(total / 2)} (cursor)`, path: `${path}?cursor=${cursor}`, headers });
    await loadList(ctx, { title: `GET ${path}?planId= (one plan, ${ASSETS} statuses)`, path: `${path}?planId=${plans[0].id}`, headers });
    await loadList(ctx, { title: `GET ${path}?state=overdue (a tenth)`, path: `${path}?state=overdue`, headers });
  },
};
