// The driving rollup processor's arithmetic per fix (docs/performance.md): `walkByHour` — the
// scores' FixWalk into hourly figures, the state carried from batch to batch — over 200 000
// fixes of one asset driving at 10 s steps, in batches of 10 (one tracker's batch), with the
// asset's own speed limit. Run after `npm run build`: `node bench/driving-rollup-walk.js`.
const { join } = require('node:path');
const { walkByHour, byDay } = require(join(__dirname, '../dist/src/driving/rollups/hour-tallies.js'));
const { freshWalkState } = require(join(__dirname, '../dist/src/driving/fix-walk.js'));

const FIXES = 200_000;
const BATCH = 10;
const M = 1 / 111_195;
const fixes = Array.from({ length: FIXES }, (_, i) => ({
  ts: 1_790_000_000 + i * 10,
  lat: -33.5 + ((i * 150) % 100_000) * M,
  lng: -70.7,
  speed: 30 + (i % 60),
  alt: null,
  dir: null,
  temps: {},
  ignition: true,
}));
const limit = () => 50;

function run() {
  let state = freshWalkState();
  let days = 0;
  for (let i = 0; i < FIXES; i += BATCH) {
    const walked = walkByHour(state, fixes.slice(i, i + BATCH), limit);
    days += byDay(walked.hours).size;
    state = walked.state;
  }
  return days;
}

run(); // warm-up
const started = process.hrtime.bigint();
const upserts = run();
const us = Number(process.hrtime.bigint() - started) / 1000;
console.log(`${(us / FIXES).toFixed(2)} µs per fix (${FIXES} fixes in batches of ${BATCH}, ${upserts} asset-day upserts)`);
