// What a batch's inbox costs the database, outside the app (`npm run build` first), on the embedded
// server (mongo-java-server): the entries themselves (one document per recipient) and the feed
// document other instances' streams read, with a view per recipient (before) or one view per
// alert and each recipient's user and entry id (now). Batches of 10 alerts × 10 recipients, the
// notifications' indexes as the app declares them; database CPU per alert (/proc), medians of 5
// alternating rounds of 300 batches, 4 at once. docs/performance.md,
// "Alerts and notifications".
//   node bench/inbox-feed-db.js
const { ObjectId } = require('mongodb');
const { describeBeforeNow, serverCpuPerUnit, withEmbeddedDb } = require('./lib/standalone-db');

const ALERTS = 10;
const RECIPIENTS = 10;

withEmbeddedDb('inbox-feed', async ({ server, db }) => {
  const notifications = db.collection('notifications');
  await notifications.createIndexes([{ key: { userId: 1, _id: -1 } }, { key: { userId: 1, readAt: 1 } }]);
  const feed = db.collection('notification_feed');
  const clientId = new ObjectId();
  const users = Array.from({ length: RECIPIENTS }, () => new ObjectId());
  /** A batch's entries: per alert, the view its recipients share and each recipient's document. */
  const batch = () =>
    Array.from({ length: ALERTS }, () => {
      const alertId = new ObjectId();
      const view = {
        kind: 'alert',
        alertId: alertId.toHexString(),
        ruleId: new ObjectId().toHexString(),
        title: 'Aviso: Bench rule — Truck 12',
        body: `ignition.on at ${new Date().toISOString()}`,
        severity: 'warning',
        assetId: new ObjectId().toHexString(),
        readAt: null,
        createdAt: new Date(),
      };
      const documents = users.map((userId) => ({
        _id: new ObjectId(),
        clientId,
        userId,
        kind: 'alert',
        alertId,
        ruleId: new ObjectId(view.ruleId),
        title: view.title,
        body: view.body,
        severity: view.severity,
        assetId: new ObjectId(view.assetId),
        readAt: null,
        createdAt: view.createdAt,
      }));
      return { view, documents };
    });
  const ways = {
    async before() {
      const alerts = batch();
      const documents = alerts.flatMap((alert) => alert.documents);
      const entries = alerts.flatMap(({ view, documents: mine }) =>
        mine.map((document) => ({ userId: document.userId, view: { id: document._id.toHexString(), ...view } })),
      );
      await Promise.all([notifications.insertMany(documents, { ordered: false }), feed.insertOne({ _id: new ObjectId(), entries })]);
    },
    async now() {
      const alerts = batch();
      const documents = alerts.flatMap((alert) => alert.documents);
      const groups = alerts.map(({ view, documents: mine }) => ({ view, to: mine.map((document) => ({ userId: document.userId, id: document._id })) }));
      await Promise.all([notifications.insertMany(documents, { ordered: false }), feed.insertOne({ _id: new ObjectId(), groups, entries: [] })]);
    },
  };
  const perAlert = await serverCpuPerUnit(server, ways, { batches: 300, rounds: 5, unitsPerBatch: ALERTS });
  console.log(`database CPU per alert (${RECIPIENTS} recipients): ${describeBeforeNow(perAlert)}`);
});
