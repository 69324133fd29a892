// What a batch's inbox costs the database, outside the app (`npm run build` first), on the embedded
// server (mongo-java-server): the entries themselves (one document per recipient) and the feed
// document other instances' streams read, with a view per recipient (before) or one view per
// alert and each recipient's user and entry id (now). Batches of 10 alerts × 10 recipients, the
// notifications' indexes as the app declares them; database CPU per alert (/proc), medians of 5
// alternating rounds of 300 batches, 4 at once. docs/performance.md,
// "The webhook path in fewer commands, and the load spread".
//   node bench/inbox-feed-db.js
const { join } = require('node:path');
const { MongoClient, ObjectId } = require('mongodb');
const { EmbeddedMongo } = require(join(__dirname, '../dist/libs/database/src/embedded/embedded-mongo.js'));
const { cpuMs } = require('./lib/process-cpu');

const ALERTS = 10;
const RECIPIENTS = 10;
const BATCHES = 300;
const ROUNDS = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const server = await EmbeddedMongo.start({ kind: 'java', javaHeap: '2g' });
  const client = await MongoClient.connect(server.uri);
  try {
    const db = client.db('inbox-feed');
    const notifications = db.collection('notifications');
    await notifications.createIndexes([{ key: { userId: 1, _id: -1 } }, { key: { userId: 1, readAt: 1 } }]);
    const feed = db.collection('notification_feed');
    const clientId = new ObjectId();
    const users = Array.from({ length: RECIPIENTS }, () => new ObjectId());
    /** A batch's entries: per alert, the view its recipients share and each recipient's document. */
    const batch = () =>
      Array.from({ length: ALERTS }, () => {
        const alertId = new ObjectId();
        const view = { kind: 'alert', alertId: alertId.toHexString(), ruleId: new ObjectId().toHexString(), title: 'Aviso: Bench rule — Truck 12', body: `ignition.on at ${new Date().toISOString()}`, severity: 'warning', assetId: new ObjectId().toHexString(), readAt: null, createdAt: new Date() };
        const documents = users.map((userId) => ({ _id: new ObjectId(), clientId, userId, kind: 'alert', alertId, ruleId: new ObjectId(view.ruleId), title: view.title, body: view.body, severity: view.severity, assetId: new ObjectId(view.assetId), readAt: null, createdAt: view.createdAt }));
        return { view, documents };
      });
    const ways = {
      async before() {
        const alerts = batch();
        const documents = alerts.flatMap((alert) => alert.documents);
        const entries = alerts.flatMap(({ view, documents: mine }) => mine.map((document) => ({ userId: document.userId, view: { id: document._id.toHexString(), ...view } })));
        await Promise.all([notifications.insertMany(documents, { ordered: false }), feed.insertOne({ _id: new ObjectId(), entries })]);
      },
      async now() {
        const alerts = batch();
        const documents = alerts.flatMap((alert) => alert.documents);
        const groups = alerts.map(({ view, documents: mine }) => ({ view, to: mine.map((document) => ({ userId: document.userId, id: document._id })) }));
        await Promise.all([notifications.insertMany(documents, { ordered: false }), feed.insertOne({ _id: new ObjectId(), groups, entries: [] })]);
      },
    };
    const perAlert = { before: [], now: [] };
    const round = async (way) => {
      const before = cpuMs(server.pid);
      let started = 0;
      await Promise.all([0, 1, 2, 3].map(async () => {
        while (started++ < BATCHES) await ways[way]();
      }));
      return ((cpuMs(server.pid) - before) * 1000) / (BATCHES * ALERTS);
    };
    await round('before'); // warm-up of both
    await round('now');
    for (let r = 0; r < ROUNDS; r++) for (const way of r % 2 === 0 ? ['before', 'now'] : ['now', 'before']) perAlert[way].push(await round(way));
    const [before, now] = [median(perAlert.before), median(perAlert.now)];
    console.log(`database CPU per alert (${RECIPIENTS} recipients): before ${before.toFixed(0)} µs (rounds ${perAlert.before.map((v) => v.toFixed(0)).join(', ')}), now ${now.toFixed(0)} µs (rounds ${perAlert.now.map((v) => v.toFixed(0)).join(', ')}); now ÷ before ${(now / before).toFixed(2)}`);
  } finally {
    await client.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
