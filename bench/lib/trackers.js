// Trackers with an asset each, inserted in bulk into a client (set-up of the ingestion scenarios).
const { Types } = require('mongoose');

/**
 * `count` trackers (vendor ids from `vendorBase`) and their assets in `clientId`, through `db`
 * (a mongoose Connection or a driver Db). Answers `{vendorId, trackerId, assetId}` of each.
 */
async function addTrackers(db, { clientId, count, vendorBase, label }) {
  const owner = new Types.ObjectId(String(clientId));
  const now = new Date();
  const trackers = Array.from({ length: count }, (_, i) => ({
    _id: new Types.ObjectId(),
    clientId: owner,
    vendorId: vendorBase + i,
    name: `${label} tracker ${i}`,
    createdAt: now,
    updatedAt: now,
  }));
  // The loads' fixes run behind the clock (a day for bench:compare, half an hour for the meters), past
  // the default 30 minutes after which the offline sweep marks a tracker offline: it did so for every
  // tracker every 30 s, one event each, and the next message told it online again — work in whichever
  // round the sweep fell. A week (the most an asset may set) keeps the bench's trackers online.
  const eventSettings = { offlineMinutes: 10_080 };
  const assets = trackers.map((tracker, i) => ({
    _id: new Types.ObjectId(),
    clientId: owner,
    name: `${label} truck ${i}`,
    plate: `${label.slice(0, 3).toUpperCase()}-${vendorBase + i}`,
    kind: 'truck',
    icon: { id: 'truck', color: '#1e88e5' },
    mainTrackerId: tracker._id,
    groupIds: [],
    eventSettings,
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  }));
  await db.collection('trackers').insertMany(trackers);
  await db.collection('assets').insertMany(assets);
  return trackers.map((tracker, i) => ({ vendorId: tracker.vendorId, trackerId: tracker._id, assetId: assets[i]._id.toHexString() }));
}

module.exports = { addTrackers };
