// A load shaped like a real fleet's flespi stream (the fleet scenario): many trackers, each
// sender posting batches that hold a few fixes of every one of its trackers, each tracker's fixes
// in time order. The vehicles drive and park in turn, so trips end, ignition turns and geofences
// are crossed as a fleet's would.
const { addTrackers } = require('./trackers');
const { INGEST_TOKEN } = require('./ingest-load');

const M_PER_DEG_LAT = 111_320;
/** A drive-and-park cycle of this many fixes: the first half driving (ignition on), the second parked. */
const CYCLE = 200;
const SPEED_KMH = 54;
const SEGMENT_M = 20_000;

/** A deterministic generator (mulberry32), so that two runs drive the same routes. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `trackers` new trackers (with assets) of `clientId`, split among `senders`; a sender's batch is
 * `fixesPerBatch` consecutive fixes, `stepS` seconds apart, of each of its trackers. Tracker i
 * drives back and forth along a 20 km line at 54 km/h from a point within `areaDeg` of `centre`
 * for CYCLE/2 fixes, then parks for CYCLE/2 (its ignition off): with 4-s fixes a stop lasts over
 * the 5 minutes that end a trip, and one message in CYCLE/2 turns the ignition. Each tracker's
 * cycle starts at its own phase, so the turns spread over the batches. Fixes start `startAgoS` ago.
 */
async function fleetLoad(
  db,
  {
    clientId,
    trackers,
    senders = 4,
    fixesPerBatch = 2,
    stepS = 4,
    startAgoS = 6 * 3600,
    centre = [-33.45, -70.65],
    areaDeg = 0.45,
    label = 'Fleet',
    vendorBase,
  },
) {
  const added = await addTrackers(db, { clientId, count: trackers, vendorBase, label });
  const next = random(vendorBase);
  const routes = added.map((tracker, i) => {
    const heading = next() * 2 * Math.PI;
    const lat = centre[0] + (next() - 0.5) * areaDeg;
    return {
      vendorId: tracker.vendorId,
      lat,
      lng: centre[1] + (next() - 0.5) * areaDeg * 1.2,
      dLat: Math.cos(heading) / M_PER_DEG_LAT,
      dLng: Math.sin(heading) / (M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180)),
      direction: Math.round((heading * 180) / Math.PI),
      phase: (i * 37) % CYCLE,
      fix: 0,
    };
  });
  const start = Math.floor(Date.now() / 1000) - startAgoS;
  const perSender = Math.ceil(trackers / senders);
  /** Where a route's fix `n` is, and whether the vehicle drives then. */
  const positionOf = (route, n) => {
    const inCycle = (n + route.phase) % CYCLE;
    const driving = inCycle < CYCLE / 2;
    // Metres driven so far: whole cycles' driving, plus this cycle's; back and forth along the segment.
    const drivenFixes = Math.floor((n + route.phase) / CYCLE) * (CYCLE / 2) + Math.min(inCycle, CYCLE / 2);
    const along = (drivenFixes * stepS * SPEED_KMH) / 3.6;
    const onSegment = along % (2 * SEGMENT_M) < SEGMENT_M ? along % SEGMENT_M : SEGMENT_M - (along % SEGMENT_M);
    return { lat: Number((route.lat + route.dLat * onSegment).toFixed(6)), lng: Number((route.lng + route.dLng * onSegment).toFixed(6)), driving };
  };
  const message = (route) => {
    const n = route.fix++;
    const { lat, lng, driving } = positionOf(route, n);
    return {
      'device.id': route.vendorId,
      timestamp: start + n * stepS,
      'position.latitude': lat,
      'position.longitude': lng,
      'position.speed': driving ? SPEED_KMH + (n % 7) - 3 : 0,
      'position.direction': route.direction,
      'position.altitude': 520,
      'engine.ignition.status': driving,
      'temperature.1': 4 + (n % 5) / 10,
    };
  };
  /** The next batch of `sender` (0-based). */
  const nextRequest = (request, sender = 0) => {
    const mine = routes.slice(sender * perSender, (sender + 1) * perSender);
    const messages = [];
    for (const route of mine) for (let k = 0; k < fixesPerBatch; k++) messages.push(message(route));
    return { ...request, body: JSON.stringify(messages) };
  };
  /** Tracker i's fix `n` (0-based, in the order sent): its position and time (epoch seconds); `sent(i)`: how many of its fixes were sent. */
  const fixOf = (i, n) => ({ ...positionOf(routes[i], n), ts: start + n * stepS });
  const sent = (i) => routes[i].fix;
  return { trackers: added, senders, nextRequest, fixOf, sent, headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' } };
}

module.exports = { fleetLoad, CYCLE };
