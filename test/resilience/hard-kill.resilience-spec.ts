import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppProcess, descendantsOf, killHard, listProcesses, ProcessInfo, startAppProcess, stillRunning } from '../support/app-process';

/** How long what the app started may take to notice it is gone. */
const GONE_WITHIN_MS = 5000;

/**
 * `kill -9` of the app, as `npm start` runs it (embedded database in a file, demo seed), after a
 * PDF (Chromium running): nothing it started outlives it — neither Chromium and its helpers nor
 * the embedded Java server — and it starts again on the same data.
 */
describe('the app killed with SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-hard-kill-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'development', EMBEDDED_MONGO: 'java', RATE_LIMIT_ENABLED: 'false' };
  let app: AppProcess | undefined;

  afterAll(async () => {
    if (app) await killHard(app);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no process of its own running, and restarts on the same data', async () => {
    app = await startAppProcess({ env });
    const manifest = JSON.parse(readFileSync(join(dataDir, 'demo-manifest.json'), 'utf8'));
    const acme = manifest.clients.acme;
    const res = await fetch(`${app.url}/api/assets/qr-labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${acme.users.admin.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assetIds: [acme.assets.tracked] }),
    });
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const started = descendantsOf(app.child.pid as number);
    const names = started.map(({ command }) => command);
    expect(names.some((command) => /chrom/i.test(command))).toBe(true);
    expect(names.some((command) => command.includes('MongoJavaServerLauncher'))).toBe(true);

    await killHard(app);
    const left = await untilGone(started, GONE_WITHIN_MS);
    // Also by what they run: a process that left the tree before the snapshot still names our data.
    const strays = listProcesses().filter(({ command }) => command.includes(dataDir));
    expect(named(left)).toEqual([]);
    expect(named(strays)).toEqual([]);

    // The embedded database released its file: the app starts again on it, with the data kept.
    app = await startAppProcess({ env });
    const again = await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${acme.users.admin.apiToken}` } });
    expect(again.status).toBe(200);
  }, 420_000);
});

async function untilGone(processes: readonly ProcessInfo[], withinMs: number): Promise<ProcessInfo[]> {
  const deadline = Date.now() + withinMs;
  let left = stillRunning(processes);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100));
    left = stillRunning(left);
  }
  return left;
}

function named(processes: readonly ProcessInfo[]): string[] {
  return processes.map(({ pid, command }) => `${pid} ${command.slice(0, 160)}`);
}
