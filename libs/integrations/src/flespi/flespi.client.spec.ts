import { FlespiStub, startFlespiStub } from '@app/testing/flespi-stub';
import { FlespiClient } from './flespi.client';
import { FlespiError } from './flespi.types';

describe('FlespiClient against a local flespi-like server', () => {
  let stub: FlespiStub;
  const client = (options: Partial<ConstructorParameters<typeof FlespiClient>[0]> = {}) =>
    new FlespiClient({ baseUrl: stub.url, token: stub.token, timeoutMs: 5000, pageSize: 3, ...options });

  beforeAll(async () => {
    stub = await startFlespiStub();
    // Ten messages, two of them sharing a timestamp across the first page boundary.
    stub.messages.set(
      7,
      [100, 101, 102, 102, 103, 104, 105, 106, 107, 108].map((timestamp, i) => ({ timestamp, n: i, 'position.speed': i })),
    );
  });
  afterEach(() => {
    stub.mode = 'ok';
    stub.requests.length = 0;
  });
  afterAll(() => stub.close());

  it('pages through a range by time, one message per timestamp, in order', async () => {
    const messages = await client().messages(7, { from: 100, to: 107, fields: ['timestamp', 'position.speed'] });
    expect(messages.map((m) => m.timestamp)).toEqual([100, 101, 102, 103, 104, 105, 106, 107]);
    expect(stub.requests.length).toBeGreaterThan(2);
    expect(stub.requests[0].data).toEqual({ from: 100, to: 107, fields: 'timestamp,position.speed', limit: 3 });
  });

  it('stops when a page is short, and answers an empty range', async () => {
    expect(await client({ pageSize: 100 }).messages(7, { from: 0, to: 1000, fields: ['timestamp'] })).toHaveLength(9);
    expect(stub.requests).toHaveLength(1);
    expect(await client().messages(7, { from: 500, to: 600, fields: ['timestamp'] })).toEqual([]);
  });

  it('refuses a range holding more messages than it may keep in memory', async () => {
    await expect(client({ maxMessages: 4 }).messages(7, { from: 0, to: 1000, fields: ['timestamp'] })).rejects.toThrow(/More than 4 messages/);
  });

  it('fails with FlespiError on errors, a wrong token and time-outs', async () => {
    stub.mode = 'error';
    await expect(client().messages(7, { from: 0, to: 1, fields: [] })).rejects.toThrow(new FlespiError('flespi answered 503 on GET /gw/devices/7/messages'));
    stub.mode = 'ok';
    await expect(client({ token: 'wrong' }).messages(7, { from: 0, to: 1, fields: [] })).rejects.toThrow(/answered 401/);
    stub.mode = 'hang';
    const started = Date.now();
    await expect(client({ timeoutMs: 300 }).interval(7, 1)).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads an interval, and null for an unknown one', async () => {
    stub.intervals.set('7:9', { id: 9, begin: 100, end: 200 });
    expect(await client().interval(7, 9)).toEqual({ id: 9, begin: 100, end: 200 });
    expect(await client().interval(7, 10)).toBeNull();
    expect(stub.requests[0].path).toBe('/gw/calcs/all/devices/7/intervals/9');
  });

  it('fails when nothing listens', async () => {
    await expect(new FlespiClient({ baseUrl: 'http://127.0.0.1:9', token: 'x', timeoutMs: 300 }).messages(7, { from: 0, to: 1, fields: [] })).rejects.toThrow(
      /unreachable/,
    );
  });
});
