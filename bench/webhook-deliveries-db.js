// What storing and starting a batch's webhook deliveries costs the database, outside the app (`npm
// run build` first), on the embedded server (mongo-java-server): the commands the dispatcher sent
// per ingestion batch before (a bulk upsert of the deliveries, a job inserted for the next claim
// pass, that pass's read of the due jobs and its claim, the deliveries read back) against those it
// sends now (an unordered insert, the job inserted already leased to the instance, nothing read
// back), each followed by the outcomes' bulk update and the job's removal. Batches of 10 alerts ×
// 3 endpoints, the indexes the app declares, a jobs collection holding the app's 11 recurring jobs;
// database CPU per delivery (/proc), medians of 5 alternating rounds of 300 batches, 4 at once.
// docs/performance.md, "Alerts and notifications".
//   node bench/webhook-deliveries-db.js
const { ObjectId } = require('mongodb');
const { describeBeforeNow, serverCpuPerUnit, withEmbeddedDb } = require('./lib/standalone-db');

const ALERTS = 10;
const ENDPOINTS = 3;

withEmbeddedDb('webhook-deliveries', async ({ server, db }) => {
  const deliveries = db.collection('webhook_deliveries');
  await deliveries.createIndexes([{ key: { clientId: 1, endpointId: 1, key: 1 }, unique: true }, { key: { clientId: 1, endpointId: 1, _id: -1 } }]);
  const jobs = db.collection('jobs');
  await jobs.createIndex({ state: 1, runAt: 1 });
  const endpointsCollection = db.collection('webhook_endpoints');
  const clientId = new ObjectId();
  const endpoints = Array.from({ length: ENDPOINTS }, () => ({
    _id: new ObjectId(),
    clientId,
    url: 'https://receiver.example/hook',
    enabled: true,
    eventTypes: ['alert.opened'],
    secrets: [{ secret: 'whsec_bench', expiresAt: null }],
  }));
  await endpointsCollection.insertMany(endpoints);
  await jobs.insertMany(
    Array.from({ length: 11 }, (_, i) => ({
      _id: `recurring-${i}:recurring`,
      name: `recurring-${i}`,
      key: 'recurring',
      state: 'pending',
      runAt: new Date(Date.now() + 3_600_000),
      attempts: 0,
      leaseOwner: null,
      leaseUntil: null,
      everyMs: 60_000,
    })),
  );
  let sequence = 0;
  const body = JSON.stringify({
    id: 'msg_x',
    type: 'alert.opened',
    createdAt: new Date().toISOString(),
    data: {
      id: new ObjectId().toHexString(),
      ruleName: 'Bench rule',
      severity: 'warning',
      state: 'open',
      assetName: 'Truck 12',
      eventType: 'ignition.on',
      occurredAt: new Date().toISOString(),
      comments: [],
    },
  });
  const batch = () =>
    Array.from({ length: ALERTS }, () => `alert:${sequence++}:opened`).flatMap((key) =>
      endpoints.map((endpoint) => ({
        endpointId: endpoint._id,
        key,
        fields: {
          messageId: `msg_${key}`,
          type: 'alert.opened',
          body,
          attempt: 0,
          state: 'pending',
          responseStatus: null,
          durationMs: null,
          error: null,
          nextAttemptAt: new Date(),
          manual: false,
          createdAt: new Date(),
        },
      })),
    );
  const newJob = (ids, lease) => ({
    _id: `webhooks.deliver:set:${sequence++}`,
    name: 'webhooks.deliver',
    key: 'set',
    payload: { clientId: clientId.toHexString(), deliveryIds: ids.map(String) },
    runAt: new Date(),
    retryDelaysMs: [],
    everyMs: null,
    state: 'pending',
    attempts: lease ? 1 : 0,
    leaseOwner: lease ? 'bench' : null,
    leaseUntil: lease ? new Date(Date.now() + 60_000) : null,
    lastError: null,
    createdAt: new Date(),
    lastRunAt: null,
    runs: 0,
  });
  const finish = async (ids, jobId) => {
    await endpointsCollection.find({ _id: { $in: endpoints.map((endpoint) => endpoint._id) } }).toArray();
    await deliveries.bulkWrite(
      ids.map((_id) => ({
        updateOne: {
          filter: { _id },
          update: { $set: { attempt: 1, responseStatus: 204, durationMs: 3, error: null, state: 'succeeded', nextAttemptAt: null } },
        },
      })),
      { ordered: false },
    );
    await jobs.deleteOne({ _id: jobId, leaseOwner: 'bench' });
  };
  const ways = {
    async before() {
      const targets = batch();
      const result = await deliveries.bulkWrite(
        targets.map(({ endpointId, key, fields }) => ({
          updateOne: { filter: { clientId, endpointId, key }, update: { $setOnInsert: fields }, upsert: true },
        })),
        { ordered: false },
      );
      const ids = Object.values(result.upsertedIds);
      const job = newJob(ids, false);
      await jobs.insertOne(job);
      const now = new Date();
      await jobs
        .find({ state: 'pending', name: { $in: ['webhooks.deliver'] }, runAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] })
        .sort({ runAt: 1 })
        .limit(16)
        .toArray();
      await jobs.findOneAndUpdate(
        { _id: job._id, leaseUntil: null, attempts: 0, runAt: job.runAt },
        { $set: { leaseOwner: 'bench', leaseUntil: new Date(now.getTime() + 60_000) }, $inc: { attempts: 1 } },
        { returnDocument: 'after' },
      );
      await deliveries.find({ _id: { $in: ids } }).toArray();
      await finish(ids, job._id);
    },
    async now() {
      const documents = batch().map(({ endpointId, key, fields }) => ({ _id: new ObjectId(), clientId, endpointId, key, ...fields }));
      await deliveries.insertMany(documents, { ordered: false });
      const ids = documents.map((document) => document._id);
      const job = newJob(ids, true);
      await jobs.insertOne(job);
      await finish(ids, job._id);
    },
  };
  const perDelivery = await serverCpuPerUnit(server, ways, { batches: 300, rounds: 5, unitsPerBatch: ALERTS * ENDPOINTS });
  console.log(`database CPU per delivery: ${describeBeforeNow(perDelivery)}`);
  console.log(`deliveries stored at the end: ${await deliveries.estimatedDocumentCount()}`);
});
