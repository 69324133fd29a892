import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppProcess, startAppProcess } from '../support/app-process';

/**
 * `npm start` on an empty embedded database, as main.ts runs it (a process of its own, from its
 * sources): the demo seed's event history opens alerts and inbox entries, so the manifest names an
 * alert and a notification the API answers.
 */
describe('the demo on start', () => {
  let app: AppProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-start-'));

  beforeAll(async () => {
    app = await startAppProcess({ env: { NODE_ENV: 'development', DATA_DIR: dataDir, DEMO_SIMULATOR: 'false', RATE_LIMIT_ENABLED: 'false' } });
  }, 240_000);
  afterAll(async () => {
    app?.child.kill('SIGTERM');
    await new Promise((done) => (app?.child.exitCode !== null ? done(undefined) : app.child.once('exit', done)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes a manifest whose alerts.example and notifications.example are ids the API answers', async () => {
    const manifest = JSON.parse(readFileSync(join(dataDir, 'demo-manifest.json'), 'utf8'));
    for (const key of ['acme', 'globex']) {
      const client = manifest.clients[key];
      expect({ key, alert: client.alerts.example, notification: client.notifications.example }).toEqual({
        key,
        alert: expect.stringMatching(/^[0-9a-f]{24}$/),
        notification: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      const auth = { Authorization: `Bearer ${client.users.admin.apiToken}` };
      const alert = await fetch(`${app.url}/api/alerts/${client.alerts.example}`, { headers: auth });
      expect(alert.status).toBe(200);
      expect(((await alert.json()) as { data: { assetId: string } }).data.assetId).toBe(client.assets.tracked);
      const inbox = (await (await fetch(`${app.url}/api/notifications?limit=5`, { headers: auth })).json()) as { data: Array<{ id: string }> };
      expect(inbox.data.map((entry) => entry.id)).toContain(client.notifications.example);
    }
  });
});
