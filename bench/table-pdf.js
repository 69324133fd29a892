// How a table report's PDF grows with its rows, outside the app: the built `printTablePdf`
// (`npm run build` first; the cover on one warm Chromium, the table's pages drawn by our code), a
// trip report's columns, rows as the fuel-reports scenario stores them (an asset's trips, then its
// total row). For each row count: the wall time, the CPU seconds Chromium (all its processes) and
// this process spent on it, the time after the cover came back from Chromium, the pages, the size
// and the RSS growth. `--addresses` gives every trip its two route ends' addresses (wrapped in
// their columns, rows of three lines) as a geocoded report has them. The CPU seconds say what a
// quiet machine would take when the machine is shared.
//   node bench/table-pdf.js --rows 1000,10000,31000 [--addresses]
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { PDFDocument } = require('pdf-lib');

const root = join(__dirname, '..');
const { BrowserPool, PdfRenderer, printTablePdf, formatLocalTime, formatDuration } = require(join(root, 'dist/libs/reports/src'));
const { TRIP_COLUMNS } = require(join(root, 'dist/src/fuel/reports/fleet-report.writers'));

const TRIPS_PER_ASSET = 310; // 10 a day over 31 days
const FIRST_S = Date.UTC(2026, 9, 1, 12, 0, 0) / 1000;

function tripRows(count, addresses) {
  const rows = [];
  for (let a = 0; rows.length < count; a++) {
    const name = `Bench report truck ${String(a).padStart(3, '0')}`;
    const plate = `RP-${String(a).padStart(4, '0')}`;
    for (let k = 0; k < TRIPS_PER_ASSET && rows.length < count - 1; k++) {
      const begin = FIRST_S + Math.floor(k / 10) * 86_400 + (k % 10) * 4320;
      const duration = 1200 + ((a * 7 + k) % 30) * 60;
      const [from, to] = addresses
        ? [`Avenida Libertador Bernardo O'Higgins ${1000 + k}, Santiago Centro, Santiago`, `Camino a Melipilla ${10_000 + a * 10 + (k % 10)}, Maipú, Santiago`]
        : [null, null];
      rows.push([
        name,
        plate,
        formatLocalTime(begin, 'America/Santiago'),
        formatLocalTime(begin + duration, 'America/Santiago'),
        from,
        to,
        5.123 + ((a + k) % 40),
        formatDuration(duration),
        60 + ((a + k) % 50),
        1.871,
        2433,
      ]);
    }
    rows.push([`Total ${name}`, plate, `${TRIPS_PER_ASSET} viajes`, null, null, null, 7000.5, '120:00:00', null, 2100.3, 2730390]);
  }
  return rows;
}

/** CPU seconds (user + system) used so far by a process and all its descendants (Chromium's helpers). */
function treeCpuSeconds(rootPid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the command's closing parenthesis: state, ppid, … utime, stime, and the same of its
      // ended children (the renderers of closed pages, reaped by Chromium's zygote).
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop();
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child);
  }
  return ticks / 100; // USER_HZ
}

async function main() {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000,10000,31000' }, addresses: { type: 'boolean', default: false } } });
  const pool = new BrowserPool({ get: (key) => process.env[key] });
  const renderer = new PdfRenderer(pool);
  // The moment the cover came back from Chromium (it prints while the table is drawn).
  let printed = 0n;
  const pdf = { render: (...args) => renderer.render(...args).then((file) => ((printed = process.hrtime.bigint()), file)) };
  try {
    await pdf.render('<p>warm</p>');
    for (const count of values.rows.split(',').map(Number)) {
      const rows = tripRows(count, values.addresses);
      const report = {
        title: 'Informe de viajes',
        clientName: 'Acme',
        timeZone: 'America/Santiago',
        periodLabel: '01-10-2026 00:00 al 31-10-2026 23:59',
        generatedAt: new Date(),
        columns: TRIP_COLUMNS,
        rows,
        isTotal: (row) => String(row[0]).startsWith('Total'),
      };
      const chromium = await pool.browserPid();
      const chromiumCpu = treeCpuSeconds(chromium);
      const rss = process.memoryUsage().rss;
      const nodeCpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      const file = await printTablePdf(pdf, report);
      const finished = process.hrtime.bigint();
      const node = process.cpuUsage(nodeCpu);
      const rssGrowthMiB = Math.round((process.memoryUsage().rss - rss) / 2 ** 20);
      const cpu = {
        chromiumCpuS: Math.round((treeCpuSeconds(chromium) - chromiumCpu) * 10) / 10,
        nodeCpuS: Math.round((node.user + node.system) / 1e5) / 10,
        afterCoverMs: Math.round(Number(finished - printed) / 1e6),
      };
      const pages = (await PDFDocument.load(file)).getPageCount();
      console.log(
        JSON.stringify({
          rows: count,
          addresses: values.addresses,
          ms: Math.round(Number(finished - started) / 1e6),
          ...cpu,
          pages,
          mib: Math.round((file.length / 2 ** 20) * 10) / 10,
          rssGrowthMiB,
        }),
      );
    }
  } finally {
    await pool.onApplicationShutdown();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
