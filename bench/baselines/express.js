// Baseline: a bare Express server answering the same JSON body as the measured route.
const express = require('express');

const body = JSON.parse(process.env.BASELINE_BODY ?? '{"status":"success","data":{}}');
const app = express();
app.get('*splat', (req, res) => res.json(body));
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
