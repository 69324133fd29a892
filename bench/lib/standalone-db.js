// What the standalone database benches share (bench/alerts-ends-lookup.js, webhook-deliveries-db.js,
// inbox-feed-db.js): an embedded server of their own (mongo-java-server, `npm run build` first), and
// ways of writing the same work timed against each other by the server's CPU.
const { join } = require('node:path');
const { MongoClient } = require('mongodb');
const { EmbeddedMongo } = require(join(__dirname, '../../dist/libs/database/src/embedded/embedded-mongo.js'));
const { cpuMs } = require('./process-cpu');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs `body({ server, db })` against a fresh embedded server and its database `name`, then stops it; a failure sets the exit code. */
function withEmbeddedDb(name, body) {
  const run = async () => {
    const server = await EmbeddedMongo.start({ kind: 'java', javaHeap: '2g' });
    const client = await MongoClient.connect(server.uri);
    try {
      await body({ server, db: client.db(name) });
    } finally {
      await client.close();
      await server.stop();
    }
  };
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/**
 * Each way (`{ name: () => Promise }`, one batch of work) run `batches` times per round, 4 at once,
 * in `rounds` alternating rounds after a warm-up round of each; answers per way the server's CPU
 * per unit of each round (µs; a batch is `unitsPerBatch` units) and their median.
 */
async function serverCpuPerUnit(server, ways, { batches, rounds, unitsPerBatch }) {
  const names = Object.keys(ways);
  const round = async (name) => {
    const before = cpuMs(server.pid);
    let started = 0;
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (started++ < batches) await ways[name]();
      }),
    );
    return ((cpuMs(server.pid) - before) * 1000) / (batches * unitsPerBatch);
  };
  for (const name of names) await round(name);
  const perUnit = Object.fromEntries(names.map((name) => [name, []]));
  for (let r = 0; r < rounds; r++) for (const name of r % 2 === 0 ? names : [...names].reverse()) perUnit[name].push(await round(name));
  return Object.fromEntries(names.map((name) => [name, { rounds: perUnit[name], median: median(perUnit[name]) }]));
}

/** `before 94 µs (rounds 169, 97, …), now 74 µs (rounds …); now ÷ before 0.79` */
function describeBeforeNow({ before, now }) {
  const list = (values) => values.map((value) => value.toFixed(0)).join(', ');
  return `before ${before.median.toFixed(0)} µs (rounds ${list(before.rounds)}), now ${now.median.toFixed(0)} µs (rounds ${list(now.rounds)}); now ÷ before ${(now.median / before.median).toFixed(2)}`;
}

module.exports = { median, withEmbeddedDb, serverCpuPerUnit, describeBeforeNow };
