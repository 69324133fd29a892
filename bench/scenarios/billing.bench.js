// Invoice report over the billing portal: 1000 invoices as Excel (target < 500 ms) and PDF with a
// warm browser (target < 3 s), ten PDFs at once (no crash, Chromium's memory in total < 1 GB),
// and ticket creation. The portal is the tests' contract stub (test/support/portal-stub.ts,
// compiled here with swc), and the app is a second instance of the built app on the same
// database with BILLING_PORTAL_URL pointing at it (the run's main app has no portal configured).
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { startApp } = require('../lib/processes');
const { requireTypeScript } = require('../lib/require-typescript');

const root = join(__dirname, '..', '..');
const PERIOD = JSON.stringify({ from: '2026-01-01', to: '2026-01-31' });

function loadPortalStub() {
  return requireTypeScript(join(root, 'test/support/portal-stub.ts'));
}

/** Every descendant process of `pid` (Linux /proc), with its command name. */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat);
      const ppid = Number(rest.split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push({ pid: Number(entry), comm });
    } catch {
      // the process ended while we looked
    }
  }
  const found = [];
  const walk = (parent) => (children.get(parent) ?? []).forEach((child) => (found.push(child), walk(child.pid)));
  walk(pid);
  return found;
}

/** Proportional set size (shared pages split between sharers) and RSS of Chromium's processes, MiB. */
function chromiumMemory(appPid) {
  let pss = 0;
  let rss = 0;
  let count = 0;
  for (const { pid, comm } of descendants(appPid).filter((p) => /chrom/i.test(p.comm))) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
      rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
      count += 1;
      void comm;
    } catch {
      // ended meanwhile
    }
  }
  return { pssMiB: Math.round(pss / 1024), rssMiB: Math.round(rss / 1024), processes: count };
}

async function report(baseUrl, headers, format) {
  const res = await fetch(`${baseUrl}/api/invoices/report?format=${format}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: PERIOD,
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`report (${format}) answered ${res.status}: ${body.toString('utf8', 0, 300)}`);
  return body;
}

module.exports = {
  name: 'billing',
  async run(ctx) {
    const { startPortalStub, buildInvoices } = loadPortalStub();
    const stub = await startPortalStub('bench-portal-token');
    stub.setInvoices(ctx.manifest.clients.acme.id, buildInvoices(1000));
    const db = ctx.db;
    const app = await startApp(root, {
      MONGODB_URI: `mongodb://${db.host}:${db.port}/${db.name}`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO_ON_EMPTY: 'false',
      BILLING_PORTAL_URL: stub.url,
      BILLING_PORTAL_TOKEN: stub.token,
    });
    const headers = ctx.auth();
    try {
      const xlsx = await report(app.url, headers, 'xlsx');
      ctx.note('Excel file size, 1000 invoices', Math.round(xlsx.length / 1024), 'KiB');
      await ctx.time({ title: 'POST /api/invoices/report, 1000 invoices, Excel (target < 500 ms)', runs: 10, fn: () => report(app.url, headers, 'xlsx') });

      const coldStart = Date.now();
      const pdf = await report(app.url, headers, 'pdf');
      ctx.note('PDF, 1000 invoices, first report (Chromium launch included)', Date.now() - coldStart, 'ms');
      ctx.note('PDF file size, 1000 invoices', Math.round(pdf.length / 1024), 'KiB');
      await ctx.time({
        title: 'POST /api/invoices/report, 1000 invoices, PDF, warm browser (target < 3000 ms)',
        runs: 5,
        fn: () => report(app.url, headers, 'pdf'),
      });
      ctx.note('Chromium memory, idle after the PDFs (PSS / RSS sum)', JSON.stringify(chromiumMemory(app.child.pid)), 'MiB');

      let peak = { pssMiB: 0, rssMiB: 0, processes: 0 };
      const sampler = setInterval(() => {
        const now = chromiumMemory(app.child.pid);
        if (now.pssMiB > peak.pssMiB) peak = now;
      }, 100);
      try {
        await ctx.time({
          title: 'ten PDF reports of 1000 invoices at once (all ten answered)',
          runs: 3,
          warmup: 0,
          fn: () => Promise.all(Array.from({ length: 10 }, () => report(app.url, headers, 'pdf'))),
        });
      } finally {
        clearInterval(sampler);
      }
      ctx.note('Chromium peak memory during ten PDFs at once, PSS total (limit 1024)', peak.pssMiB, 'MiB');
      ctx.note('Chromium peak memory during ten PDFs at once, RSS sum (counts shared pages once per process)', peak.rssMiB, 'MiB');
      ctx.note('Chromium processes at that peak', peak.processes, '');

      const ticket = JSON.stringify({ title: 'Benchmark', description: 'Ticket created by the benchmark', category: 'technical' });
      // ctx.load targets ctx.baseUrl: a view of ctx aimed at this app (figures land in the same results).
      const portalCtx = Object.assign(Object.create(ctx), { baseUrl: app.url });
      await portalCtx.load({
        title: 'POST /api/support/tickets (portal stub on localhost)',
        method: 'POST',
        path: '/api/support/tickets',
        headers,
        body: ticket,
        connections: [10],
      });
    } finally {
      await app.stop();
      await stub.close();
    }
  },
};
