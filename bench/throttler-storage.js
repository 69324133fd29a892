// The cost of one rate-limit hit on a busy key, outside the app: @nestjs/throttler's in-memory
// storage (a timestamp per hit, filtered on every hit) against ours (a count per window), each on
// 200 keys holding 599 hits in their window (just under the default limit of 600 a minute).
// `npm run build` first.   node bench/throttler-storage.js
const { join } = require('node:path');
const { ThrottlerStorageService } = require('@nestjs/throttler/dist/throttler.service');
const { FixedWindowThrottlerStorage } = require(join(__dirname, '..', 'dist/libs/auth/src/rate-limit/fixed-window-storage'));

const KEYS = 200;
const HITS_BEFORE = 599;

async function microsecondsPerHit(storage) {
  for (let k = 0; k < KEYS; k++) for (let i = 0; i < HITS_BEFORE; i++) await storage.increment(`k${k}`, 60_000, 600, 60_000, 'ip');
  const started = process.hrtime.bigint();
  for (let k = 0; k < KEYS; k++) await storage.increment(`k${k}`, 60_000, 600, 60_000, 'ip');
  return Number(process.hrtime.bigint() - started) / KEYS / 1000;
}

(async () => {
  for (const [name, storage] of [['@nestjs/throttler ThrottlerStorageService', new ThrottlerStorageService()], ['FixedWindowThrottlerStorage', new FixedWindowThrottlerStorage()]]) {
    console.log(`${name.padEnd(42)} ${(await microsecondsPerHit(storage)).toFixed(2)} µs per hit at ${HITS_BEFORE} hits in the window`);
    storage.onApplicationShutdown?.();
  }
  process.exit(0);
})();
