const autocannon = require('autocannon');
const { rssMiB } = require('./processes');

/**
 * `--soak`: ten minutes of moderate mixed load (10 connections) on the cheap authenticated route
 * and the health check, sampling the app's RSS every 30 s. A least-squares slope over the second
 * half (after warm-up) shows whether memory keeps growing.
 */
async function soak(ctx, minutes = Number(process.env.SOAK_MINUTES ?? 10)) {
  console.log(`Soak: ${minutes} min at 10 connections`);
  const samples = [];
  const timer = setInterval(() => samples.push({ t: Date.now(), rss: rssMiB(ctx.app.child.pid) }), 30_000);
  await autocannon({
    url: ctx.baseUrl,
    connections: 10,
    duration: minutes * 60,
    requests: [
      { method: 'GET', path: '/api/auth/me', headers: ctx.auth() },
      { method: 'GET', path: '/api/health' },
    ],
  });
  clearInterval(timer);
  const tail = samples.slice(Math.floor(samples.length / 2));
  const n = tail.length;
  const meanT = tail.reduce((s, x) => s + x.t, 0) / n;
  const meanR = tail.reduce((s, x) => s + x.rss, 0) / n;
  const slope =
    tail.reduce((s, x) => s + (x.t - meanT) * (x.rss - meanR), 0) /
    Math.max(
      1,
      tail.reduce((s, x) => s + (x.t - meanT) ** 2, 0),
    );
  ctx.note('soak RSS samples (MiB)', samples.map((s) => s.rss).join(', '));
  ctx.note('soak RSS trend over the second half', Math.round(slope * 60_000 * 100) / 100, 'MiB/min');
}

module.exports = { soak };
