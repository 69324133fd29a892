// Dispatch's tasks at a location on a fleet load's vehicles (the fleet scenario's variant t),
// inserted in bulk in the app's stored shape; they arrive and depart by the vehicles' fixes.
const { ObjectId } = require('mongodb');
const { insertInBatches } = require('./bulk');
const { waitingTask } = require('./task-document');

const M_PER_DEG_LAT = 111_320;

/**
 * `perVehicle` assigned tasks for each of `load`'s vehicles, `offsetM` (30) off its route at points its next
 * `spanFixes` fixes pass, one in each equal part of them at a phase of its own (so the fleet's
 * arrivals come at an even pace, whatever the ingestion's), with a radius of 100–200 m and a
 * window from half an hour before that fix's time until two hours from now (so the late sweep
 * leaves them alone). Tells the app that the client's location tasks and task windows changed.
 * Answers the number of tasks.
 */
async function addLocationTasks(db, clientId, load, { perVehicle = 3, spanFixes, offsetM = 30 }) {
  const owner = new ObjectId(String(clientId));
  const now = new Date();
  const windowTo = new Date(now.getTime() + 2 * 3_600_000);
  const tasks = load.trackers.flatMap((tracker, i) =>
    Array.from({ length: perVehicle }, (_, k) => {
      const phase = (i * 0.618034) % 1;
      const fix = load.fixOf(i, load.sent(i) + 1 + Math.floor(((k + phase) * spanFixes) / perVehicle));
      return waitingTask({
        clientId: owner,
        title: `Entrega ${i}-${k}`,
        location: { lat: fix.lat + offsetM / M_PER_DEG_LAT, lng: fix.lng },
        radiusM: 100 + ((i * 37 + k * 53) % 101),
        windowFrom: new Date((fix.ts - 1800) * 1000),
        windowTo,
        assetId: new ObjectId(tracker.assetId),
        now,
      });
    }),
  );
  await insertInBatches(db.collection('tasks'), tasks);
  // What the app's own task writes do: its in-memory indexes read the client's tasks again.
  for (const counters of ['task_location_versions', 'task_window_versions'])
    await db.collection(counters).updateOne({ _id: owner }, { $inc: { version: 1 } }, { upsert: true });
  return tasks.length;
}

/** The client's tasks that arrived, and those that departed too. */
async function arrivalsOf(db, clientId) {
  const owner = new ObjectId(String(clientId));
  const [arrived, departed] = await Promise.all([
    db.collection('tasks').countDocuments({ clientId: owner, arrivedAt: { $ne: null } }),
    db.collection('tasks').countDocuments({ clientId: owner, departedAt: { $ne: null } }),
  ]);
  return { arrived, departed };
}

module.exports = { addLocationTasks, arrivalsOf, M_PER_DEG_LAT };
