// A task document in the app's stored shape, as `newTask` (src/tasks/task-record.ts) writes one
// waiting for its visit: the scenarios that seed tasks in bulk insert these through ctx.db.
const { ObjectId } = require('mongodb');

/** What the late sweep waits after a window's end (LATE_GRACE_MS in src/tasks/late/late-check.ts). */
const LATE_GRACE_MS = 5 * 60_000;

/** A task at `location`, assigned when `assetId` is given, created `now`. */
function waitingTask({ clientId, title, location, radiusM, windowFrom, windowTo, assetId = null, now = new Date() }) {
  return {
    _id: new ObjectId(),
    clientId,
    title,
    description: '',
    placeId: null,
    location,
    radiusM,
    windowFrom,
    windowTo,
    serviceMinutes: 10,
    ...(assetId ? { assetId } : {}),
    driverId: null,
    driverName: null,
    formId: null,
    externalId: null,
    priority: 'normal',
    state: assetId ? 'assigned' : 'unassigned',
    late: false,
    arrivedAt: null,
    arrivalEventId: null,
    departedAt: null,
    completedAt: null,
    failureReason: null,
    proof: null,
    lateCheckAt: new Date(windowTo.getTime() + LATE_GRACE_MS),
    createdAt: now,
    updatedAt: now,
  };
}

module.exports = { waitingTask };
