// Ingestion with meters: HTTP ingestion with the meters kept inside it (METERS_FROM_TELEMETRY
// on, the default) against the same load on an app process of the same build with
// METERS_FROM_TELEMETRY=false, in alternating rounds of the same run (target ≥ 0.95×). Both apps
// are started by the scenario (fresh, alike but for the switch; the run's own app stays idle), each
// on a database of its own (apps on one database would share its telemetry partitions). Each app has
// its own 1 000 trackers (own assets, own meters), sending flespi batches of 1 000 (one message per
// tracker per batch), 4 at once. The checkpoints a replay starts from are read by `_id` only, so
// their number does not enter the figure and none are seeded.
// Read it with `--seconds 30`: a 10 s round holds ~7 batches, and one that overtakes another decides it.
const { Types } = require('mongoose');
const { ingestLoad } = require('../lib/ingest-load');
const { ingestRound } = require('../lib/ingest-rounds');
const { startApp } = require('../lib/processes');

const ASSETS = 1000;
const BATCH = 1000;
// An even number: rounds alternate which app runs first, and the first ran slower (an order
// effect as large as the meters'), so each pair of rounds holds both orders.
const ROUNDS = 2 * Math.ceil(Number(process.env.BENCH_METERS_ROUNDS ?? 6) / 2);
// 4 senders sharing the trackers (late messages: a batch stored after the next one) or 1 (in order, as one flespi stream posts).
const SENDERS = Number(process.env.BENCH_METERS_SENDERS ?? 4);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function newClient(db, name) {
  const now = new Date();
  const { insertedId } = await db.collection('clients').insertOne({ name, timeZone: 'America/Santiago', createdAt: now, updatedAt: now });
  return insertedId.toHexString();
}

module.exports = {
  name: 'meters',
  async run(ctx) {
    const offsetOf = (i) => [(Math.floor(i / 32) - 16) * 0.011, ((i % 32) - 16) * 0.011];
    const driftPerS = [0, 1.35e-4]; // ~45 km/h east: every message adds distance
    const databases = { on: ctx.ownDatabase('meters-on'), off: ctx.ownDatabase('meters-off') };
    const on = await startApp(ctx.root, { ...ctx.appEnv, MONGODB_URI: databases.on.uri, METERS_FROM_TELEMETRY: 'true' });
    const off = await startApp(ctx.root, { ...ctx.appEnv, MONGODB_URI: databases.off.uri, METERS_FROM_TELEMETRY: 'false' });
    try {
      const variants = [
        { name: 'meters on', app: on, database: databases.on, clientId: await newClient(databases.on.db, 'Bench meters on') },
        { name: 'METERS_FROM_TELEMETRY=false', app: off, database: databases.off, clientId: await newClient(databases.off.db, 'Bench meters off') },
      ];
      for (const variant of variants)
        variant.load = await ingestLoad({
          uri: variant.database.uri,
          clientId: variant.clientId,
          trackers: ASSETS,
          batch: BATCH,
          offsetOf,
          startAgoS: 1800,
          driftPerS,
        });
      const round = (variant, seconds) => ingestRound(ctx, variant.load, seconds, variant.app, SENDERS);
      // Warm-up: each tracker's first message loads its state (and the meters their stored ones).
      for (const variant of variants) await round(variant, 5);
      const figures = new Map(variants.map((variant) => [variant, []]));
      for (let r = 0; r < ROUNDS; r++) {
        for (const variant of r % 2 === 0 ? variants : [...variants].reverse()) {
          await round(variant, 2); // not counted: the app that ran first after the other paid for the switch (ratios 0.54 / 1.19 by order)
          figures.get(variant).push(await round(variant, Math.max(ctx.seconds, 5)));
        }
      }
      for (const [variant, rows] of figures) {
        ctx.note(
          `POST /api/telemetry/flespi, ${ASSETS} assets, ${variant.name}: messages/s (median of ${ROUNDS} rounds, batches of ${BATCH}, ${SENDERS} at once)`,
          Math.round(median(rows.map((row) => row.rate))),
          'messages/s',
        );
        ctx.note(`… ${variant.name}: app CPU per message`, Math.round(median(rows.map((row) => row.usPerMessage))), 'µs');
      }
      const [onRows, offRows] = [figures.get(variants[0]), figures.get(variants[1])];
      const ratios = onRows.map((row, i) => row.rate / offRows[i].rate);
      // Each pair's geometric mean: the order effect, a factor on one round and its inverse on the other, cancels.
      const pairRatios = ratios.filter((_, i) => i % 2 === 0).map((ratio, pair) => Math.sqrt(ratio * ratios[2 * pair + 1]));
      ctx.note(
        `Ingestion with meters ÷ without (METERS_FROM_TELEMETRY=false), same run (median over pairs of rounds, one of each order, of their geometric mean; target ≥ 0.95)`,
        Math.round(median(pairRatios) * 100) / 100,
        '',
      );
      ctx.note("… the rounds' ratios", ratios.map((ratio) => ratio.toFixed(2)).join(' '), '');
      // The switch did what it says: the on-client's meters moved, the off-client's did not.
      for (const variant of variants) {
        const [row] = await variant.database.db
          .collection('asset_meters')
          .aggregate([{ $match: { clientId: new Types.ObjectId(variant.clientId) } }, { $group: { _id: null, n: { $sum: 1 }, km: { $sum: '$odometerKm' } } }])
          .toArray();
        ctx.note(`Meters of the ${variant.name} client after the runs: assets with meters, total km`, `${row?.n ?? 0}, ${Math.round(row?.km ?? 0)}`, '');
      }
    } finally {
      await on.stop();
      await off.stop();
    }
  },
};
