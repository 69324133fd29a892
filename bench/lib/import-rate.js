// The rate of `import-messages` (the file import): NDJSON messages of one tracker, 1 s apart, two
// sensors, imported by the built command line into the app's database. Used by the telemetry
// scenario and by the ingest scenario (which compares the HTTP route with it).
const { createWriteStream, mkdtempSync, rmSync } = require('node:fs');
const { once } = require('node:events');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const { run } = require('./processes');

/** A message as the import file and the bench's HTTP batches both write it. */
function benchMessage(i, start) {
  return {
    timestamp: start + i,
    'position.latitude': Number((-33.45 + i * 1e-6).toFixed(6)),
    'position.longitude': Number((-70.65 - i * 1e-6).toFixed(6)),
    'position.speed': i % 90,
    'position.altitude': 520,
    'position.direction': i % 360,
    'temperature.1': Number((3 + (i % 20) / 10).toFixed(1)),
    'temperature.2': Number((-18 - (i % 10) / 10).toFixed(1)),
  };
}

/** Imports `count` messages from `start` (unix s) for the tracker with `vendorId`; notes and returns messages/s. */
async function importRate(ctx, vendorId, { count = 500_000, start = 1_735_689_600 } = {}) {
  const file = join(mkdtempSync(join(tmpdir(), 'fleet-bench-import-')), 'messages.ndjson');
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${JSON.stringify(benchMessage(i, start))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const uri = `mongodb://${ctx.db.host}:${ctx.db.port}/${ctx.db.name}`;
  const cli = join(__dirname, '../../dist/src/cli/main.js');
  try {
    const report = JSON.parse(
      await run(process.execPath, [cli, 'import-messages', '--vendor-id', String(vendorId), '--file', file], {
        MONGODB_URI: uri,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      }),
    );
    ctx.note(`import-messages: ${count} NDJSON messages (1 s apart, 2 sensors), batches of 50 000`, report.messagesPerSecond, 'messages/s');
    return report.messagesPerSecond;
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

module.exports = { benchMessage, importRate };
