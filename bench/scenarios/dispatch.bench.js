// Dispatch at volume (docs/performance.md, "Against the targets"; docs/dispatch.md): 10 000 tasks in one day
// of acme (BENCH_DISPATCH_DAYS days of them, the last one measured), then the dispatcher's day list
// (`GET /api/tasks?from=&to=`, its first page and the page after record 9 000) and a route of 100
// stops of the demo's tracked vehicle (which has a position and trips) with each stop's ETA
// (`GET /api/routes/{id}`). Set-up in bulk through ctx.db, in the app's stored shape.
const { ObjectId } = require('mongodb');
const { insertInBatches, checkCursor, deepCursor, loadList } = require('../lib/bulk');
const { waitingTask } = require('../lib/task-document');

const TASKS_A_DAY = Number(process.env.BENCH_DISPATCH_TASKS ?? 10_000);
const DAYS = Number(process.env.BENCH_DISPATCH_DAYS ?? 1);
const STOPS = 100;
const DAY_MS = 86_400_000;

/** A day's tasks at points around Santiago, windows of two hours spread over the day; the first `STOPS` assigned to `assetId`. */
function dayOfTasks(clientId, dayStart, assetId, day) {
  const now = new Date();
  return Array.from({ length: TASKS_A_DAY }, (_, i) => {
    const windowFrom = new Date(dayStart + ((i * 7) % (22 * 60)) * 60_000);
    const windowTo = new Date(windowFrom.getTime() + 2 * 3_600_000);
    return waitingTask({
      clientId,
      title: `Entrega ${day}-${i}`,
      location: { lat: -33.65 + ((i * 104729) % 1000) * 0.0004, lng: -70.95 + ((i * 7919) % 1000) * 0.0006 },
      radiusM: 100,
      windowFrom,
      windowTo,
      assetId: i < STOPS ? assetId : null,
      now,
    });
  });
}

/** The route of the day's first `STOPS` tasks, with the claims that hold them (what `POST /api/routes` writes). */
async function addRoute(db, clientId, assetId, date, tasks) {
  const now = new Date();
  const route = {
    _id: new ObjectId(),
    clientId,
    name: 'Bench 100 paradas',
    assetId,
    driverId: null,
    date,
    stopTaskIds: tasks.map((task) => task._id),
    createdAt: now,
    updatedAt: now,
  };
  await db.collection('routes').insertOne(route);
  await db.collection('route_stop_claims').insertMany(tasks.map((task) => ({ _id: task._id, routeId: route._id })));
  return route._id.toHexString();
}

module.exports = {
  name: 'dispatch',
  async run(ctx) {
    const acme = ctx.manifest.clients.acme;
    const [clientId, assetId] = [new ObjectId(acme.id), new ObjectId(acme.assets.tracked)];
    // Days after the demo's own tasks (today): the measured day holds only the bench's tasks.
    const firstDay = Math.floor(Date.now() / DAY_MS) * DAY_MS + 3 * DAY_MS;
    const started = Date.now();
    let measured;
    for (let day = 0; day < DAYS; day++) {
      measured = dayOfTasks(clientId, firstDay + day * DAY_MS, assetId, day);
      await insertInBatches(ctx.db.collection('tasks'), measured);
    }
    const dayStart = firstDay + (DAYS - 1) * DAY_MS;
    const date = new Date(dayStart).toISOString().slice(0, 10);
    // The app reads the client's task windows again when their counter moves (what its own writes do).
    await ctx.db.collection('task_window_versions').updateOne({ _id: clientId }, { $inc: { version: 1 } }, { upsert: true });
    const routeId = await addRoute(ctx.db, clientId, assetId, date, measured.slice(0, STOPS));
    ctx.note(`Set-up: ${DAYS} × ${TASKS_A_DAY} tasks and a route of ${STOPS} stops (insertMany)`, Date.now() - started, 'ms');

    const [from, to] = [new Date(dayStart).toISOString(), new Date(dayStart + DAY_MS - 1).toISOString()];
    const dayList = `/api/tasks?from=${from}&to=${to}&limit=50`;
    const dayFilter = { clientId, windowFrom: { $lte: new Date(to) }, windowTo: { $gte: new Date(from) } };
    await checkCursor(ctx, dayList, 'tasks', dayFilter, 'windowFrom', 1);
    const deep = await deepCursor(ctx.db.collection('tasks'), dayFilter, 'windowFrom', 9_000, 1);
    const route = await (await fetch(`${ctx.baseUrl}/api/routes/${routeId}`, { headers: ctx.auth() })).json();
    if (route.data?.stops?.length !== STOPS || !route.data.stops[0].eta)
      throw new Error(`GET /api/routes/{id} answered ${JSON.stringify(route).slice(0, 300)}`);

    const headers = ctx.auth();
    await loadList(ctx, { title: `GET /api/tasks, the day's first page (50 of ${TASKS_A_DAY} that day)`, path: dayList, headers });
    await loadList(ctx, { title: "GET /api/tasks, the day's page after record 9 000", path: `${dayList}&cursor=${deep}`, headers });
    await loadList(ctx, { title: `GET /api/routes/{id}, ${STOPS} stops with ETAs`, path: `/api/routes/${routeId}`, headers });
  },
};
