// Timed ingestion rounds against the running app (the events and alerts scenarios): the rate a
// load reaches and the app's CPU per message, in rounds alternating between variants.

const { cpuMs } = require('./process-cpu');

/**
 * `senders` (4) post `load`'s batches for `seconds`, each waiting for its answer; what was answered
 * counts, up to the last answer (nothing is aborted: an aborted request's work would go on in the
 * app and slow the next figure). `app` ({url, child}): another app process than the run's (the
 * meters scenario's second configuration). Several senders share the load's trackers, so a batch
 * may be stored after the next one and hold late messages for every tracker in it; one sender
 * posts in order, as one flespi stream does; a load whose `nextRequest(request, sender)` keeps each
 * sender's trackers apart (bench/lib/fleet-load.js) posts each tracker in order. `settleMs`: the
 * round starts once the app and the database are quiet, and its CPU figures run on until `settleMs`
 * after the load and then until they are quiet again, so each round pays for its own messages'
 * background work (compactions) and for nothing an earlier round left; the rate stays the load's.
 * `warmUpS`: seconds of the load first, not counted, for rounds that alternate between variants
 * (clients): what the other variants' rounds let expire in the caches is read again before the
 * figures start, so a round does not cost more for following another variant's.
 */
async function ingestRound(ctx, load, seconds, app = ctx.app, senders = 4, { settleMs = 0, warmUpS = 0 } = {}) {
  const pid = app.child.pid;
  // Not counted: what the caches let expire while other variants ran is read again here.
  if (warmUpS > 0) await post(app, load, senders, warmUpS);
  if (settleMs > 0) await quiet([pid, ctx.dbPid]);
  const metricsBefore = app.metricsUrl && (await appMetrics(app.metricsUrl));
  const before = cpuMs(pid);
  // The database's and this process's (the load, and the alerts scenario's webhook receiver) too: on
  // a small machine they share the cores with the app.
  const dbBefore = ctx.dbPid ? cpuMs(ctx.dbPid) : 0;
  const benchBefore = process.cpuUsage();
  const started = Date.now();
  const { messages, batches } = await post(app, load, senders, seconds);
  const elapsed = (Date.now() - started) / 1000;
  // The work the round's messages leave behind (a compaction of them, folds) is theirs too.
  if (settleMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    await quiet([pid, ctx.dbPid]);
  }
  const bench = process.cpuUsage(benchBefore);
  const figures = {
    rate: messages / elapsed,
    usPerMessage: ((cpuMs(pid) - before) * 1000) / messages,
    dbUsPerMessage: ctx.dbPid ? ((cpuMs(ctx.dbPid) - dbBefore) * 1000) / messages : undefined,
    benchUsPerMessage: (bench.user + bench.system) / messages,
    elapsed,
  };
  // Scraped after the CPU figures are read: the scrape is not the round's work.
  if (app.metricsUrl) {
    const after = await appMetrics(app.metricsUrl);
    figures.commandsPerBatch = (after.total - metricsBefore.total) / batches;
    figures.collectionsPerBatch = perBatch(metricsBefore.byCollection, after.byCollection, batches);
    figures.gcMsPerBatch = ((after.gcSeconds - metricsBefore.gcSeconds) * 1000) / batches;
  }
  return figures;
}

/** `senders` post `load`'s batches for `seconds`, each waiting for its answer; answers the messages accepted and the batches. */
async function post(app, load, senders, seconds) {
  const started = Date.now();
  let messages = 0;
  let batches = 0;
  await Promise.all(
    Array.from({ length: senders }, async (_, sender) => {
      while (Date.now() - started < seconds * 1000) {
        // A load with senders of its own (the fleet's) builds each sender's next batch.
        const { body } = load.nextRequest({}, sender);
        const res = await fetch(`${app.url}/api/telemetry/flespi`, { method: 'POST', headers: load.headers, body });
        if (res.status !== 200) throw new Error(`ingestion answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        messages += (await res.json()).data.accepted;
        batches++;
      }
    }),
  );
  return { messages, batches };
}

/** The app's metrics so far: the commands sent to the database in all and, by collection, their count and seconds (`mongodb_commands_total`, `mongodb_command_seconds_total`); the seconds of garbage collection. */
async function appMetrics(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const byCollection = new Map();
  let total = 0;
  for (const [, metric, collection, value] of text.matchAll(
    /^mongodb_(commands_total|command_seconds_total)\{[^}]*collection="([^"]*)"[^}]*\} ([\d.e+-]+)$/gm,
  )) {
    const entry = byCollection.get(collection) ?? { commands: 0, seconds: 0 };
    if (metric === 'commands_total') {
      entry.commands += Number(value);
      total += Number(value);
    } else entry.seconds += Number(value);
    byCollection.set(collection, entry);
  }
  // Garbage collection's pauses, every kind (prom-client's default metrics).
  const gcSeconds = [...text.matchAll(/^nodejs_gc_duration_seconds_sum\{[^}]*\} ([\d.e+-]+)$/gm)].reduce((sum, [, value]) => sum + Number(value), 0);
  return { total, byCollection, gcSeconds };
}

/** Each collection's commands and milliseconds to their answers a batch over a round, the slowest first. */
function perBatch(before, after, batches) {
  return [...after]
    .map(([collection, { commands, seconds }]) => {
      const was = before.get(collection) ?? { commands: 0, seconds: 0 };
      return { collection, commands: (commands - was.commands) / batches, ms: ((seconds - was.seconds) * 1000) / batches };
    })
    .filter((entry) => entry.commands > 0)
    .sort((a, b) => b.ms - a.ms);
}

/** Waits (up to 30 s) until these processes use under 5 % of a core over a second: what an earlier round left behind is done. */
async function quiet(pids) {
  const busyMs = () => pids.filter(Boolean).reduce((sum, pid) => sum + cpuMs(pid), 0);
  const until = Date.now() + 30_000;
  let last = busyMs();
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = busyMs();
    if (now - last < 50) return;
    last = now;
  }
}

module.exports = { ingestRound };
