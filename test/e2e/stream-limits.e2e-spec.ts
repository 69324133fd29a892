import type { AddressInfo } from 'node:net';
import { Permission } from '@app/auth';
import { MAX_STREAMS_PER_USER } from '@app/http';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { openSse, SseClient } from '../support/sse-client';

describe('Open streams per user (GET /api/notifications/stream, GET /api/positions/stream)', () => {
  let t: TestApp;
  let baseUrl: string;
  let tenant: TestTenant;
  const open: SseClient[] = [];
  const connect = async (path: string, token: string) => {
    const client = await openSse(baseUrl, path, { Authorization: `Bearer ${token}` });
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    tenant = await createTenant(t.app);
  });
  afterEach(() => open.splice(0).forEach((client) => client.close()));
  afterAll(() => t.close());

  it.each([
    ['/api/notifications/stream', 'inbox streams'],
    ['/api/positions/stream', 'position streams'],
  ])('%s: a user holds at most 20 at once, one more is 429 shape A, another user is not held back, and a closed one frees its place', async (path, what) => {
    expect(MAX_STREAMS_PER_USER).toBe(20);
    const user = await tenant.addUser({ permissions: [Permission.Positions] });
    const other = await tenant.addUser({ permissions: [Permission.Positions] });
    const held: SseClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) held.push(await connect(path, user.token));
    expect(held.map((client) => client.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));

    const refused = await connect(path, user.token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body())).toEqual({
      error: `Too many open ${what}: at most 20 per user at once; close one (another tab or client) and try again`,
    });
    // The twentieth is a live stream like the others (its `ready` came).
    await held[MAX_STREAMS_PER_USER - 1].waitFor(() => held[MAX_STREAMS_PER_USER - 1].comments.includes('ready'));
    expect((await connect(path, other.token)).status).toBe(200);

    // A closed stream frees its place once the server has seen the socket end (a few ms).
    held[0].close();
    let reopened: SseClient | undefined;
    for (let attempt = 0; attempt < 50 && reopened?.status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      reopened = await connect(path, user.token);
    }
    expect(reopened!.status).toBe(200);
    expect((await connect(path, user.token)).status).toBe(429);
  });
});
