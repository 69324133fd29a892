// The load of `npm run bench:compare -- --ingest N` (and of the events scenario): N trackers with
// their assets in one client, and flespi batches whose messages are spread over them with
// timestamps never sent before (so every message is stored, none is a duplicate), built per
// request by autocannon's setupRequest.
const mongoose = require('mongoose');
const { benchMessage } = require('./import-rate');
const { addTrackers } = require('./trackers');

const INGEST_TOKEN = 'bench-ingest-token-0123456789';

/**
 * `offsetOf(i)` ([dLat, dLng], degrees) moves tracker i's messages away from benchMessage's
 * place, so that a load covers an area instead of one street; messages start `startAgoS` ago.
 * `driftPerS` ([dLat, dLng] per second of fix time) makes every tracker drive on from there
 * (benchMessage alone moves ~0.1 m/s: parked, as far as geofences can tell).
 */
async function ingestLoad({ uri, clientId, trackers, batch, offsetOf = () => [0, 0], startAgoS = 86_400, driftPerS = [0, 0] }) {
  const connection = await mongoose.createConnection(uri).asPromise();
  const vendorBase = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  const added = await addTrackers(connection, { clientId, count: trackers, vendorBase, label: 'compare' });
  await connection.close();
  const offsets = added.map((_, i) => offsetOf(i));
  // Each tracker moves on one second per message, from `startAgoS` ago: fresh, in order, never repeated.
  const started = Math.floor(Date.now() / 1000) - startAgoS;
  const clock = added.map(() => started);
  let next = 0;
  const nextRequest = (request) => {
    const messages = [];
    for (let i = 0; i < batch; i++) {
      const tracker = next++ % trackers;
      const ts = clock[tracker]++;
      const message = benchMessage(ts % 86_400, ts - (ts % 86_400));
      const [dLat, dLng] = offsets[tracker];
      message['position.latitude'] = Number((message['position.latitude'] + dLat + driftPerS[0] * (ts - started)).toFixed(6));
      message['position.longitude'] = Number((message['position.longitude'] + dLng + driftPerS[1] * (ts - started)).toFixed(6));
      messages.push({ 'device.id': vendorBase + tracker, ...message });
    }
    return { ...request, body: JSON.stringify(messages) };
  };
  const answer = JSON.stringify({
    status: 'success',
    data: { accepted: batch, duplicates: 0, unknownDevice: 0, invalid: 0, future: 0, implausible: 0, identMismatch: 0 },
  });
  return { batch, trackers: added, nextRequest, answer, headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' } };
}

/** Posts `messages` to the flespi route of the app at `baseUrl` with the bench's token; answers when the app answered (ms). */
async function postMessages(baseUrl, messages) {
  const res = await fetch(`${baseUrl}/api/telemetry/flespi`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(messages),
  });
  if (!res.ok) throw new Error(`ingestion answered ${res.status}`);
  await res.arrayBuffer();
  return Date.now();
}

/**
 * The messages of second `s` (after unix second `start`) of the trackers of batch `b` (100 a batch),
 * standing still: tracker i at `centre` plus i × 1e-4° of latitude, drifting 1e-5° of longitude a
 * second, its ignition as `ignitionAt(i, s)` says.
 */
const standingBatch = (trackers, b, s, { centre, start, ignitionAt }) =>
  trackers.slice(b * 100, (b + 1) * 100).map((tracker, k) => {
    const i = b * 100 + k;
    return {
      'device.id': tracker.vendorId,
      timestamp: start + s,
      'position.latitude': centre[0] + i * 1e-4,
      'position.longitude': centre[1] + s * 1e-5,
      'position.speed': 0,
      'engine.ignition.status': ignitionAt(i, s),
    };
  });

module.exports = { ingestLoad, postMessages, standingBatch, INGEST_TOKEN };
