// What an ingestion batch's end events cost to find what they settle, outside the app (`npm run
// build` first), on the embedded server (mongo-java-server) at a growing history of alerts: the
// query of the alerts by asset, type and state the ends used before (the embedded server scans the
// collection for it), against the registers of unsettled starts read by `_id` and the alerts they
// name (docs/alerts.md, "Registers of unsettled starts"). 1 000 assets, the newest 500 alerts
// open; medians of 20 batches of 10 assets. docs/performance.md, "Alerts and notifications".
//   node bench/alerts-ends-lookup.js
const { ObjectId } = require('mongodb');
const { median, withEmbeddedDb } = require('./lib/standalone-db');

const ASSETS = 1000;
const OPEN = 500;
const ms = (since) => Number(process.hrtime.bigint() - since) / 1e6;

withEmbeddedDb('ends-lookup', async ({ db }) => {
  const alerts = db.collection('alerts');
  const registers = db.collection('alert_unsettled_starts');
  // The alerts' and the registers' indexes as the app declares them.
  await alerts.createIndexes([{ key: { clientId: 1, _id: -1 } }, { key: { assetId: 1, state: 1, eventType: 1 } }, { key: { _id: 1, state: 1 }, unique: true }]);
  await registers.createIndex({ _id: 1, clientId: 1 }, { unique: true });
  const clientId = new ObjectId();
  const assets = Array.from({ length: ASSETS }, () => new ObjectId());
  let written = 0;
  for (const history of [10_000, 50_000, 100_000]) {
    while (written < history) {
      const batch = [];
      for (let i = 0; i < 5000; i++, written++) {
        const state = written >= history - OPEN ? 'open' : 'resolved';
        batch.push({
          _id: new ObjectId(),
          clientId,
          assetId: assets[written % ASSETS],
          ruleId: clientId,
          ruleName: 'Bench',
          severity: 'info',
          state,
          eventType: 'ignition.on',
          eventIds: [new ObjectId(), new ObjectId()],
          geofenceId: null,
          occurredAt: new Date(),
          openedAt: new Date(),
          comments: [],
        });
      }
      await alerts.insertMany(batch);
    }
    // The registers: the open alerts by asset (what the app would have written with them).
    await registers.deleteMany({});
    const byAsset = new Map();
    for (const { _id, assetId } of await alerts.find({ state: 'open' }, { projection: { assetId: 1 } }).toArray())
      byAsset.set(assetId.toHexString(), [...(byAsset.get(assetId.toHexString()) ?? []), _id]);
    await registers.insertMany([...byAsset].map(([asset, ids]) => ({ _id: new ObjectId(asset), clientId, assetId: new ObjectId(asset), ids })));
    const query = [];
    const lookups = [];
    for (let round = 0; round < 20; round++) {
      const ended = Array.from({ length: 10 }, (_, i) => assets[(round * 10 + i * 37) % ASSETS]);
      let since = process.hrtime.bigint();
      await alerts
        .find({
          clientId,
          assetId: { $in: ended },
          eventType: { $in: ['ignition.on'] },
          $or: [{ state: { $in: ['open', 'acknowledged'] } }, { state: 'resolved', eventIds: { $in: [new ObjectId()] } }],
        })
        .toArray();
      query.push(ms(since));
      since = process.hrtime.bigint();
      const ids = (await registers.find({ _id: { $in: ended } }).toArray()).flatMap((register) => register.ids);
      if (ids.length > 0) await alerts.find({ _id: { $in: ids } }).toArray();
      lookups.push(ms(since));
    }
    console.log(
      `${history} alerts: the query of the alerts ${median(query).toFixed(1)} ms; the registers, then the alerts by _id ${median(lookups).toFixed(2)} ms`,
    );
  }
});
