// The load of `npm run bench:compare -- --ingest N`: N trackers with their assets in one client,
// and flespi batches whose messages are spread over them with timestamps never sent before (so
// every message is stored, none is a duplicate), built per request by autocannon's setupRequest.
const mongoose = require('mongoose');
const { benchMessage } = require('./import-rate');

const INGEST_TOKEN = 'bench-ingest-token-0123456789';

async function ingestLoad({ uri, clientId, trackers, batch }) {
  const connection = await mongoose.createConnection(uri).asPromise();
  const owner = new mongoose.Types.ObjectId(clientId);
  const now = new Date();
  const vendorBase = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  const docs = Array.from({ length: trackers }, (_, i) => ({ _id: new mongoose.Types.ObjectId(), clientId: owner, vendorId: vendorBase + i, name: `compare tracker ${i}`, createdAt: now, updatedAt: now }));
  await connection.collection('trackers').insertMany(docs);
  await connection.collection('assets').insertMany(
    docs.map((tracker, i) => ({ clientId: owner, name: `compare truck ${i}`, plate: `CMP-${vendorBase + i}`, kind: 'truck', icon: { id: 'truck', color: '#1e88e5' }, mainTrackerId: tracker._id, groupIds: [], archivedAt: null, createdAt: now, updatedAt: now })),
  );
  await connection.close();
  // Each tracker moves on one second per message, from a day ago: fresh, in order, never repeated.
  const clock = docs.map(() => Math.floor(Date.now() / 1000) - 86_400);
  let next = 0;
  const nextRequest = (request) => {
    const messages = [];
    for (let i = 0; i < batch; i++) {
      const tracker = next++ % trackers;
      const ts = clock[tracker]++;
      messages.push({ 'device.id': vendorBase + tracker, ...benchMessage(ts % 86_400, ts - (ts % 86_400)) });
    }
    return { ...request, body: JSON.stringify(messages) };
  };
  const answer = JSON.stringify({ status: 'success', data: { accepted: batch, duplicates: 0, unknownDevice: 0, invalid: 0 } });
  return { batch, nextRequest, answer, headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' } };
}

module.exports = { ingestLoad, INGEST_TOKEN };
