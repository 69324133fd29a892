// Baseline: a bare Node http server answering the same JSON body as the measured route.
const http = require('node:http');

const body = process.env.BASELINE_BODY ?? '{"status":"success","data":{}}';
http
  .createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
