// Driving scores at volume (docs/driving.md, "Cost"): a client with 1 000 assets that have a
// tracker (globex's own and added ones, stored in bulk), each with the rollups of October 2026
// (31 000 `driving_days`, 24 hourly figures each and the day's total, as the rollup processor
// writes them, and 1 000 `driving_months` with the days' totals, as the closer copies them) and
// three harsh events a day in its month (as the months' listener enters them).
// Then `GET /api/driving-scores` for every asset over the 31 days, by asset: the whole hours come
// from the rollups, the period's ends are walked from the fixes (none stored here: the bench times
// the reads, not fix arithmetic already timed per fix in docs/performance.md).
const { join } = require('node:path');
const { Types } = require('mongoose');
const { insertInBatches } = require('../lib/bulk');
const { addTrackers } = require('../lib/trackers');
const { eventId } = require(join(__dirname, '../../dist/src/events/event-ids.js'));

// BENCH_DRIVING_ASSETS: fewer assets (1 000), to see a failure quickly.
const ASSETS = Number(process.env.BENCH_DRIVING_ASSETS ?? 1000);
const DAYS = 31;
const FIRST_DAY_S = Date.UTC(2026, 9, 1) / 1000;
const PERIOD = 'from=2026-10-01T00:00:00Z&to=2026-10-31T23:59:59Z';
const HARSH = ['harsh.acceleration', 'harsh.braking', 'harsh.cornering'];

const hour = (h) => ({ km: h >= 8 && h < 18 ? 30 : 0, drive: h >= 8 && h < 18 ? 2400 : 0, idle: 300, s10: 120, s20: 40, s30: 10 });
const dayHours = Object.fromEntries(Array.from({ length: 24 }, (_, h) => [`h${String(h).padStart(2, '0')}`, hour(h)]));
const dayTotal = {};
for (const figures of Object.values(dayHours)) for (const [field, value] of Object.entries(figures)) dayTotal[field] = (dayTotal[field] ?? 0) + value;

async function setUp(ctx) {
  const clientId = new Types.ObjectId(ctx.manifest.clients.globex.id);
  const tracked = await ctx.db.collection('assets').countDocuments({ clientId, archivedAt: null, mainTrackerId: { $ne: null } });
  await addTrackers(ctx.db, { clientId, count: ASSETS - tracked, vendorBase: 7_300_000, label: 'Driving' });
  const assets = await ctx.db
    .collection('assets')
    .find({ clientId, archivedAt: null, mainTrackerId: { $ne: null } }, { projection: { _id: 1 } })
    .toArray();
  const days = [];
  const months = [];
  for (const { _id: assetId } of assets) {
    const month = { _id: `${assetId.toHexString()}:${FIRST_DAY_S}`, assetId, month: FIRST_DAY_S, days: {}, harsh: {} };
    for (let d = 0; d < DAYS; d++) {
      const day = FIRST_DAY_S + d * 86_400;
      days.push({ _id: `${assetId.toHexString()}:${day}`, assetId, day, coveredFrom: null, hours: dayHours, total: dayTotal, n: 1, inMonth: 1 });
      month.days[`d${String(d + 1).padStart(2, '0')}`] = { total: dayTotal };
      HARSH.forEach((type, i) => {
        const at = day + 36_000 + i * 3600;
        month.harsh[eventId({ assetId, type, occurredAt: new Date(at * 1000) }).toHexString()] = { type, at };
      });
    }
    months.push(month);
  }
  await insertInBatches(ctx.db.collection('driving_days'), days);
  await insertInBatches(ctx.db.collection('driving_months'), months);
  return assets.length;
}

module.exports = {
  name: 'driving',
  async run(ctx) {
    const started = Date.now();
    const assets = await setUp(ctx);
    ctx.note(`Set-up: ${assets} assets × ${DAYS} days of rollups and harsh events (insertMany)`, Date.now() - started, 'ms');
    const headers = ctx.auth('admin', 'globex');
    const first = Date.now();
    const res = await fetch(`${ctx.baseUrl}/api/driving-scores?${PERIOD}&groupBy=asset`, { headers });
    const json = await res.json();
    ctx.note(`GET /api/driving-scores, ${ASSETS} assets × ${DAYS} days, first request`, Date.now() - first, 'ms');
    if (res.status !== 200 || json.data.length !== ASSETS) throw new Error(`scores answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    await ctx.time({
      title: `GET /api/driving-scores, ${ASSETS} assets × ${DAYS} days (rollups)`,
      runs: 5,
      fn: async () => {
        const answer = await fetch(`${ctx.baseUrl}/api/driving-scores?${PERIOD}&groupBy=asset`, { headers });
        if (answer.status !== 200) throw new Error(`scores answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
        await answer.arrayBuffer();
      },
    });
  },
};
