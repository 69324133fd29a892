// What an alert's inbox costs the database, outside the app (`npm run build` first), on the embedded
// server (mongo-java-server): a document per recipient (before) or one document per alert with its
// recipients and their read state (now), each with the feed document other instances' streams
// read. Batches of 10 alerts × 10 recipients, each way's indexes as the app declared them; database
// CPU per alert (/proc), medians of 5 alternating rounds of 300 batches, 4 at once.
// docs/performance.md, "Alerts and notifications".
//   node bench/inbox-documents-db.js
const { ObjectId } = require('mongodb');
const { describeBeforeNow, serverCpuPerUnit, withEmbeddedDb } = require('./lib/standalone-db');

const ALERTS = 10;
const RECIPIENTS = 10;

withEmbeddedDb('inbox-documents', async ({ server, db }) => {
  const perRecipient = db.collection('notifications_per_recipient');
  await perRecipient.createIndexes([{ key: { userId: 1, _id: -1 } }, { key: { userId: 1, readAt: 1 } }]);
  const perAlert = db.collection('notifications');
  await perAlert.createIndexes([{ key: { recipients: 1, _id: -1 } }]);
  const feed = db.collection('notification_feed');
  const clientId = new ObjectId();
  const users = Array.from({ length: RECIPIENTS }, () => new ObjectId());
  const alerts = () =>
    Array.from({ length: ALERTS }, () => ({
      kind: 'alert',
      alertId: new ObjectId(),
      ruleId: new ObjectId(),
      title: 'Aviso: Bench rule — Truck 12',
      body: `ignition.on at ${new Date().toISOString()}`,
      severity: 'warning',
      assetId: new ObjectId(),
      createdAt: new Date(),
    }));
  const view = (fields, id) => ({
    ...fields,
    id,
    alertId: fields.alertId.toHexString(),
    ruleId: fields.ruleId.toHexString(),
    assetId: fields.assetId.toHexString(),
    readAt: null,
  });
  const ways = {
    async before() {
      const batch = alerts().map((fields) => ({
        fields,
        documents: users.map((userId) => ({ _id: new ObjectId(), clientId, userId, ...fields, readAt: null })),
      }));
      const groups = batch.map(({ fields, documents }) => ({ view: view(fields), to: documents.map(({ _id, userId }) => ({ userId, id: _id })) }));
      await Promise.all([
        perRecipient.insertMany(
          batch.flatMap(({ documents }) => documents),
          { ordered: false },
        ),
        feed.insertOne({ _id: new ObjectId(), groups, entries: [] }),
      ]);
    },
    async now() {
      const documents = alerts().map((fields) => ({ _id: new ObjectId(), clientId, recipients: users, reads: [], ...fields }));
      const groups = documents.map(({ _id, recipients, reads, clientId: _, ...fields }) => ({
        view: view(fields),
        to: recipients.map((userId) => ({ userId, id: _id })),
      }));
      await Promise.all([perAlert.insertMany(documents, { ordered: false }), feed.insertOne({ _id: new ObjectId(), groups, entries: [] })]);
    },
  };
  const cpu = await serverCpuPerUnit(server, ways, { batches: 300, rounds: 5, unitsPerBatch: ALERTS });
  console.log(`database CPU per alert (${RECIPIENTS} recipients): ${describeBeforeNow(cpu)}`);
});
