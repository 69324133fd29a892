// Fuel: a manual price change of a tariff with 100 000 cost entries (end to end, and the job's
// own duration from its commit to its completion), the price history and the cargo location.
// `BENCH_FUEL_COST_ENTRIES` changes the 100 000 (the target: 1 000 000 re-valued < 10 s).
const { Types } = require('mongoose');

const ENTRIES = Number(process.env.BENCH_FUEL_COST_ENTRIES ?? 100_000);

async function insertCostEntries(ctx, clientId, tariffId) {
  const costs = ctx.db.collection('fuel_cost_entries');
  const start = Date.now();
  for (let offset = 0; offset < ENTRIES; offset += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, ENTRIES - offset) }, (_, i) => ({
      clientId,
      tariffId,
      source: i % 4 === 0 ? 'refuel' : 'trip',
      occurredAt: new Date(start - (offset + i) * 60_000),
      liters: 5 + ((offset + i) % 60),
      pricePerLiter: 1020,
    }));
    await costs.insertMany(batch, { ordered: false });
  }
}

/**
 * A price change through `PATCH /api/fuel-tariffs/:id`: its round trip, then (untimed by it) the
 * wait until its job completed. The PATCH answers once the job is done or after
 * PRICE_CHANGE_ANSWER_WITHIN_MS (5 s), while the re-valuation goes on; a request that failed is
 * counted (its committed change is finished by the resume).
 */
async function changePrice(ctx, tariffId, pricePerLiter, roundTrips, failures) {
  const start = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/fuel-tariffs/${tariffId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...ctx.auth() },
    body: JSON.stringify({ pricePerLiter }),
  });
  const json = await res.json();
  roundTrips.push(performance.now() - start);
  if (res.status !== 200 || json.data.pricePerLiter !== pricePerLiter) failures.push(`${res.status}: ${JSON.stringify(json).slice(0, 120)}`);
  const changes = ctx.db.collection('fuel_price_changes');
  const deadline = Date.now() + 10 * 60_000;
  while ((await changes.countDocuments({ tariffId: new Types.ObjectId(tariffId), state: 'pending' })) > 0) {
    if (Date.now() > deadline) throw new Error(`the job of the change to ${pricePerLiter} did not complete in 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

module.exports = {
  name: 'fuel',
  async run(ctx) {
    const acme = ctx.manifest.clients.acme;
    const tariffId = acme.fuelTariff;
    await insertCostEntries(ctx, new Types.ObjectId(acme.id), new Types.ObjectId(tariffId));
    const count = await ctx.db.collection('fuel_cost_entries').countDocuments({ tariffId: new Types.ObjectId(tariffId) });
    ctx.note('cost entries of the tariff re-valued per change', count, 'entries');

    const failures = [];
    const roundTrips = [];
    await ctx.time({
      title: `price change of ${count} cost entries: PATCH /api/fuel-tariffs/:id, then until its job completed`,
      runs: ENTRIES > 100_000 ? 2 : 5,
      fn: (i) => changePrice(ctx, tariffId, 1100 + i + 2, roundTrips, failures),
    });
    // The warm-up's round trip is the first; the timed runs' are the rest.
    const timed = roundTrips.slice(1).map(Math.round);
    ctx.note('PATCH round trip (median of the timed runs)', median(timed), 'ms');
    ctx.note('PATCH round trips of the timed runs', timed.join(' / '), 'ms');
    if (failures.length > 0) ctx.note(`PATCH requests that failed (their change was completed by the job's resume)`, `${failures.length}: ${failures[0]}`);
    const jobs = await ctx.db
      .collection('fuel_price_changes')
      .find({ tariffId: new Types.ObjectId(tariffId), state: 'completed' })
      .toArray();
    const durations = jobs.map((job) => job.completedAt - job.changedAt).sort((a, b) => a - b);
    ctx.note('price change job, commit to completion (median of the runs)', median(durations), 'ms');
    ctx.note('price change job, fastest run', durations[0], 'ms');

    await ctx.load({ title: 'GET /api/fuel-prices/history?fuelType=diesel', path: '/api/fuel-prices/history?fuelType=diesel', headers: ctx.auth() });
    await ctx.load({ title: 'GET /api/fuel-prices/history (all grades)', path: '/api/fuel-prices/history', headers: ctx.auth(), connections: [10] });
    await ctx.load({ title: 'GET /api/cargo/ubicaciones/:id', path: `/api/cargo/ubicaciones/${acme.cargoLocation}`, headers: ctx.auth(), connections: [10] });
  },
};
