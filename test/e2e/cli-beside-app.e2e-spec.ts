import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestAppWithEnv, TestApp } from '@app/testing';

const run = promisify(execFile);
const root = join(__dirname, '../..');
// Relative to the repository, like the app's own `.data`; removed afterwards.
const DATA_DIR = `.data/cli-e2e-${process.pid}`;
const addressFile = join(root, DATA_DIR, 'embedded-mongo.json');

/**
 * `npm start` on the embedded database and the command line beside it: the app publishes its
 * server's address, the command line finds it (instead of failing on the locked data file) and
 * writes to the same database, so that a user it creates can sign in to the running app.
 */
describe('the command line beside the running app (embedded database)', () => {
  let app: TestApp;
  const cli = async (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR, LOG_LEVEL: 'warn' };
    delete env.MONGODB_URI;
    const { stdout } = await run(process.execPath, [join(root, 'scripts/cli.js'), ...args], { cwd: root, env, timeout: 240_000 });
    return JSON.parse(stdout) as Record<string, string>; // stdout is the JSON result and nothing else
  };

  beforeAll(async () => {
    app = await createTestAppWithEnv({ MONGODB_URI: '', NODE_ENV: 'development', DATA_DIR, RATE_LIMIT_ENABLED: 'false' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(join(root, DATA_DIR), { recursive: true, force: true });
  });

  it('publishes the embedded server address while it runs', () => {
    const published = JSON.parse(readFileSync(addressFile, 'utf8')) as { uri: string; pid: number };
    expect(published.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+$/);
    expect(() => process.kill(published.pid, 0)).not.toThrow();
  });

  it('creates a client and a user who can then sign in to the app', async () => {
    const client = await cli('create-client', '--name', 'CLI Beside Ltda');
    const user = await cli('create-user', '--client', client.id, '--email', 'ops@cli-beside.test', '--name', 'Ops', '--password', 'a-long-password-1');
    expect(user).toEqual(expect.objectContaining({ email: 'ops@cli-beside.test' }));

    const login = await request(app.server).post('/api/auth/login').send({ email: 'ops@cli-beside.test', password: 'a-long-password-1' }).expect(200);
    const me = await request(app.server).get('/api/auth/me').set('Authorization', `Bearer ${login.body.data.token}`).expect(200);
    expect(me.body.data.client).toEqual(expect.objectContaining({ id: client.id, name: 'CLI Beside Ltda' }));
  }, 300_000);

  it("boots each command with only its own modules and none of the server's background work", async () => {
    // Every command's module graph resolves on its own (a missing provider fails the boot), and a
    // one-shot command starts no simulator, live feed, backfill or resumed job (their boot lines).
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR, LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
    delete env.MONGODB_URI;
    const attempts: Array<[string[], RegExp]> = [
      [['issue-qr-code', '--asset-id', '0123456789abcdef01234567'], /No asset 0123456789abcdef01234567/],
      [['replace-qr-code', '--code', '7K3M-9QXD'], /No QR code 7K3M9QXD/],
      [['import-messages', '--vendor-id', '999999999', '--file', join(root, 'package.json')], /No tracker has vendor id 999999999/],
      // The database holds the client created above: the seed refuses, after its whole module graph booted.
      [['seed-demo', '--out', join(root, DATA_DIR, 'never.json')], /empty database/],
    ];
    for (const [args, refusal] of attempts) {
      const failed = await run(process.execPath, [join(root, 'scripts/cli.js'), ...args], { cwd: root, env, timeout: 240_000 }).then(
        () => {
          throw new Error(`${args[0]} succeeded`);
        },
        (error: { stdout: string; stderr: string }) => error,
      );
      expect(failed.stdout).toBe('');
      expect(failed.stderr).toMatch(refusal);
      expect(failed.stderr).not.toMatch(/Demo simulator|Live positions|price change|Prometheus metrics|Chromium/);
    }
  }, 300_000);

  it('withdraws the address when the app stops', async () => {
    await app.close();
    app = undefined as never;
    expect(existsSync(addressFile)).toBe(false);
  });
});
