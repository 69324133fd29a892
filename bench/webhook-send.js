// What one webhook attempt costs the app's CPU, outside the app (`npm run build` first): the built
// `WebhookSender` posts signed messages to an https receiver in a child process (the alerts
// scenario's certificate, bench/lib/tls.js), 30 at once, keep-alive, and the sender's process CPU
// is counted (a median of 5 runs of 3 000 posts); then what signing alone costs, with the
// `standardwebhooks` package and with node:crypto's HMAC (what the sender uses since 2026-11-27:
// the same signature). docs/performance.md, "Alerts and notifications".
//   node bench/webhook-send.js   (it runs itself again with NODE_EXTRA_CA_CERTS naming the certificate)
const { execFileSync, fork } = require('node:child_process');
const { createHmac } = require('node:crypto');
const { createServer } = require('node:https');
const { BlockList } = require('node:net');
const { join } = require('node:path');
const { Webhook } = require('standardwebhooks');
const { benchCertificate } = require('./lib/tls');

const POSTS = 3000;
const RUNS = 5;
const AT_ONCE = 30;
const SIGNS = 20_000;

// The receiver: its own process, so that only the sender's CPU is counted here.
if (process.argv[2] === 'receiver') {
  const { key, cert } = benchCertificate();
  const server = createServer({ key, cert }, (req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  let connections = 0;
  server.on('secureConnection', () => connections++);
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', () => process.send({ connections }));
  return;
}

// The receiver's certificate is trusted through NODE_EXTRA_CA_CERTS, read only at start: run again with it.
if (!process.env.BENCH_WEBHOOK_SEND_TRUSTS) {
  const { certFile } = benchCertificate();
  execFileSync(process.execPath, [__filename], { stdio: 'inherit', env: { ...process.env, NODE_EXTRA_CA_CERTS: certFile, BENCH_WEBHOOK_SEND_TRUSTS: '1' } });
  process.exit(0);
}

const { WebhookSender } = require(join(__dirname, '../dist/src/webhooks/delivery/webhook-sender.js'));
const cpuUs = (since) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

async function main() {
  const receiver = fork(__filename, ['receiver'], { stdio: 'inherit' });
  const { port } = await new Promise((resolve) => receiver.once('message', resolve));
  const allowed = new BlockList();
  allowed.addSubnet('127.0.0.0', 8);
  const sender = new WebhookSender({ allowed, requireHttps: true, timeoutMs: 5000 });
  const url = `https://127.0.0.1:${port}/hook`;
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const body = JSON.stringify({ id: 'msg_bench', type: 'alert.opened', createdAt: new Date().toISOString(), data: { title: 'x'.repeat(700) } });
  const message = { messageId: 'msg_bench', body, secrets: [secret] };
  const post = async () => {
    const result = await sender.post(url, message);
    if (result.status !== 204) throw new Error(`the receiver answered ${JSON.stringify(result)}`);
  };
  for (let i = 0; i < 300; i++) await post(); // warm-up
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    let sent = 0;
    const since = process.cpuUsage();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (sent++ < POSTS) await post();
      }),
    );
    runs.push(Math.round(cpuUs(since) / POSTS));
  }
  receiver.send('connections?');
  const { connections } = await new Promise((resolve) => receiver.once('message', resolve));
  const median = [...runs].sort((x, y) => x - y)[Math.floor(RUNS / 2)];
  console.log(
    `WebhookSender.post, ${RUNS} × ${POSTS} messages of ${body.length} bytes, ${AT_ONCE} at once: ${median} µs of the sender's CPU a post (median; runs ${runs.join(', ')}), ${connections} TLS connections in all`,
  );
  sender.close();
  receiver.kill();

  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  let since2 = process.cpuUsage();
  for (let i = 0; i < SIGNS; i++) new Webhook(secret).sign('msg_bench', at, body);
  console.log(`standardwebhooks sign: ${(cpuUs(since2) / SIGNS).toFixed(1)} µs a message`);
  const rawKey = Buffer.from(secret.slice('whsec_'.length), 'base64');
  since2 = process.cpuUsage();
  for (let i = 0; i < SIGNS; i++)
    createHmac('sha256', rawKey)
      .update(`msg_bench.${at.getTime() / 1000}.${body}`)
      .digest('base64');
  console.log(`node:crypto HMAC-SHA256: ${(cpuUs(since2) / SIGNS).toFixed(1)} µs a message`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1); // the receiver would keep the process alive
});
