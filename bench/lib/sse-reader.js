// Reading a Server-Sent Events stream of the app in a scenario (the live positions' fleet events,
// the inbox's notifications): each frame of one event name, parsed, with when it arrived.
const { get } = require('node:http');

/**
 * Opens `url` as an event stream and calls `onFrame(data, arrivedAt)` for each `event: <name>`
 * frame. Resolves with the request (`destroy()` it to stop) once the server's `: ready` comment
 * came, or after `readyTimeoutMs` without one.
 */
function openEventStream(url, headers, name, onFrame, { readyTimeoutMs } = {}) {
  return new Promise((resolve, reject) => {
    let ready = false;
    const req = get(url, { headers: { ...headers, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = Date.now();
        buffer += chunk;
        if (!ready && buffer.includes(': ready')) ((ready = true), resolve(req));
        const frames = buffer.split('\n\n');
        buffer = frames.pop();
        for (const frame of frames) {
          if (!frame.includes(`event: ${name}`)) continue;
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (data) onFrame(JSON.parse(data.slice(6)), at);
        }
      });
    });
    req.on('error', reject);
    if (readyTimeoutMs) setTimeout(() => (ready ? undefined : ((ready = true), resolve(req))), readyTimeoutMs);
  });
}

module.exports = { openEventStream };
