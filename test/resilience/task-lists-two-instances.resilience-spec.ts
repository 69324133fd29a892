import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { AppProcess, killHard, startAppProcess } from '../support/app-process';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** READ_CACHE_TTL_SECONDS of both processes, and a margin. */
const FOLLOWED_WITHIN_MS = 1500;

/**
 * The day's task list with two app processes on one database: each keeps its client's task windows
 * in memory (docs/dispatch.md, "The list of tasks"), and lists what the other created, moved or
 * deleted within the read cache's life.
 */
describe('task lists across two app instances', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const apps: AppProcess[] = [];

  const call = async (app: AppProcess, method: string, path: string, body?: object) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${tenant.admin.token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.status === 204 ? null : (await res.json()).data;
  };
  const windowOn = (day: number) => ({ from: new Date(Date.UTC(2026, 11, day, 12)).toISOString(), to: new Date(Date.UTC(2026, 11, day, 14)).toISOString() });
  const listed = async (app: AppProcess, day: number) => {
    const { from, to } = windowOn(day);
    return (await call(app, 'GET', `/api/tasks?from=${from}&to=${to}&limit=200`)).map((task: { id: string }) => task.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const env = { MONGODB_URI: process.env.MONGODB_URI as string, NODE_ENV: 'development', RATE_LIMIT_ENABLED: 'false', READ_CACHE_TTL_SECONDS: '1' };
    apps.push(...(await Promise.all([startAppProcess({ env }), startAppProcess({ env })])));
  }, 300_000);
  afterAll(async () => {
    for (const app of apps) await killHard(app);
    await t?.close();
  });

  it('lists on one instance the tasks another created, moved or deleted', async () => {
    const [a, b] = apps;
    // Both have built the client's window index: what follows changes an index each holds.
    expect([await listed(a, 3), await listed(b, 3)]).toEqual([[], []]);
    const task = await call(b, 'POST', '/api/tasks', { title: 'Entrega en bodega', location: { lat: -33.45, lng: -70.66 }, radiusM: 100, window: windowOn(3) });
    expect(await listed(b, 3)).toEqual([task.id]);
    await sleep(FOLLOWED_WITHIN_MS);
    expect(await listed(a, 3)).toEqual([task.id]);
    await call(b, 'PATCH', `/api/tasks/${task.id}`, { window: windowOn(4) });
    await sleep(FOLLOWED_WITHIN_MS);
    expect([await listed(a, 3), await listed(a, 4)]).toEqual([[], [task.id]]);
    await call(a, 'DELETE', `/api/tasks/${task.id}`);
    await sleep(FOLLOWED_WITHIN_MS);
    expect(await listed(b, 4)).toEqual([]);
  }, 60_000);
});
