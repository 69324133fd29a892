// The webhook receiver of the alerts and fleet scenarios: an https server in the bench process on
// 127.0.0.1 (the app runs in production mode: http URLs and loopback are refused unless
// WEBHOOK_ALLOWED_NETWORKS allows it, which bench/run.js does), with the run's certificate.
const { createServer } = require('node:https');
const { benchCertificate } = require('./tls');

/** Answers 204 at once; `onMessage(body, arrivedAt, path, headers)` for each JSON body. */
function startReceiver(onMessage) {
  const { key, cert } = benchCertificate();
  const server = createServer({ key, cert }, (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      res.writeHead(204).end();
      try {
        onMessage(JSON.parse(Buffer.concat(chunks).toString('utf8')), at, req.url, req.headers);
      } catch {
        /* not JSON: not ours */
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

module.exports = { startReceiver };
