// Task arrival detection's app time per message (docs/performance.md): the location-arrival
// processor's `advance` over fleet-shaped batches (1 000 messages: 2 fixes of each of 500
// vehicles, vehicles in turn from 2 000), each vehicle with 3 location tasks 3 km off its route,
// so that none arrives: the detection alone, as variant (w) of the fleet scenario, without the
// database's noise. The index is the app's own (`LocationTasks`: its cache, and the read of the
// client's version every READ_CACHE_TTL_SECONDS) over stand-ins of its two collections that
// answer at once; a move would have to be written, and is counted as a failure. Then the same
// vehicles without tasks (one map lookup a vehicle). Run after `npm run build`:
// `node bench/location-arrival-walk.js`.
const { join } = require('node:path');
const { ObjectId } = require('mongodb');
const { LocationArrivalProcessor } = require(join(__dirname, '../dist/src/tasks/arrival/location-arrival.processor.js'));
const { LocationTasks } = require(join(__dirname, '../dist/src/tasks/arrival/location-tasks.js'));
const { M_PER_DEG_LAT } = require('./lib/location-tasks');
const { waitingTask } = require('./lib/task-document');

const VEHICLES = 2000;
const PER_BATCH = 500;
const FIXES_A_VEHICLE = 2;
const TASKS_A_VEHICLE = 3;
const BATCHES = 2000;
const OFF_ROUTE_M = 3000;
const clientId = new ObjectId();
const assets = Array.from({ length: VEHICLES }, () => new ObjectId());
const start = Math.floor(Date.now() / 1000) - 3600;
// Vehicle i drives north from its own start at ~15 m/s, a fix every 10 s.
const fixOf = (i, n) => ({
  ts: start + n * 10,
  lat: -33.6 + (i % 50) * 0.01 + (n * 150) / M_PER_DEG_LAT,
  lng: -70.8 + Math.floor(i / 50) * 0.01,
  speed: 54,
  alt: null,
  dir: 0,
  temps: {},
});

function tasksOffRoute() {
  const now = new Date();
  return assets.flatMap((assetId, i) =>
    Array.from({ length: TASKS_A_VEHICLE }, (_, k) => {
      const fix = fixOf(i, 100 * (k + 1));
      return waitingTask({
        clientId,
        title: `Entrega ${i}-${k}`,
        location: { lat: fix.lat, lng: fix.lng + OFF_ROUTE_M / (M_PER_DEG_LAT * Math.cos((fix.lat * Math.PI) / 180)) },
        radiusM: 150,
        windowFrom: new Date((start - 1800) * 1000),
        windowTo: new Date(Date.now() + 2 * 3_600_000),
        assetId,
        now,
      });
    }),
  );
}

function processorOver(tasks) {
  const repository = { find: async () => tasks, findByIds: async () => [] };
  const versions = { collection: { findOne: async () => ({ version: 1 }) } };
  const index = new LocationTasks(repository, versions, { readCacheTtlMs: 3000 }, { collection: { find: () => ({ toArray: async () => [] }) } });
  const writer = {
    write: async (moves) => {
      throw new Error(`${moves.length} task(s) moved: the tasks are meant to be out of reach`);
    },
  };
  return new LocationArrivalProcessor(index, writer);
}

function batch(b) {
  const first = (b * PER_BATCH) % VEHICLES;
  const round = Math.floor((b * PER_BATCH) / VEHICLES);
  return Array.from({ length: PER_BATCH }, (_, k) => {
    const i = first + k;
    return {
      clientId,
      trackerId: assets[i],
      vendorId: i,
      assetId: assets[i],
      fixes: Array.from({ length: FIXES_A_VEHICLE }, (_, f) => fixOf(i, round * FIXES_A_VEHICLE + f)),
    };
  });
}

async function usPerMessage(processor, batches) {
  for (const fixes of batches.slice(0, 200)) await processor.advance(fixes); // warm-up
  const cpu = process.cpuUsage();
  for (const fixes of batches) await processor.advance(fixes);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / (batches.length * PER_BATCH * FIXES_A_VEHICLE);
}

async function main() {
  const batches = Array.from({ length: BATCHES }, (_, b) => batch(b));
  const tasks = tasksOffRoute();
  const rows = [];
  for (let run = 0; run < 3; run++) rows.push([await usPerMessage(processorOver(tasks), batches), await usPerMessage(processorOver([]), batches)]);
  const show = (values) => values.map((value) => value.toFixed(2)).join(' / ');
  console.log(
    `${VEHICLES} vehicles, ${tasks.length} location tasks 3 km off their routes, ${BATCHES} batches of ${PER_BATCH * FIXES_A_VEHICLE} messages, 3 runs:`,
  );
  console.log(`  with the tasks:    ${show(rows.map(([withTasks]) => withTasks))} µs of CPU a message`);
  console.log(`  without any tasks: ${show(rows.map(([, without]) => without))} µs of CPU a message`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
