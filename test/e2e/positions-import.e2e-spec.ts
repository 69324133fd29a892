import request from 'supertest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from '@app/testing';
import { importMessagesCommand } from '../../src/cli/commands/import-messages.command';
import { COMMANDS } from '../../src/cli/commands';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, T0, TrackedFixture } from './positions-fixtures';

describe('npm run cli -- import-messages', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  const dir = mkdtempSync(join(tmpdir(), 'import-messages-'));
  const stats = async () =>
    (
      await request(t.server)
        .post('/api/positions/stats')
        .set('Authorization', `Bearer ${tenant.admin.token}`)
        .send({ assetIds: [asset.assetId], from: '15/01/2026', to: '15/01/2026' })
        .expect(200)
    ).body.data.globalStats;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
  });
  afterAll(() => t.close());

  it('is registered', async () => {
    expect(await COMMANDS.find((command) => command.name === 'import-messages')?.load()).toBe(importMessagesCommand);
  });

  it('loads a JSON array in batches, skipping messages without a timestamp', async () => {
    const file = join(dir, 'route.json');
    writeFileSync(file, JSON.stringify([...ROUTE.slice(0, 3), { 'position.latitude': 1 }, ...ROUTE.slice(3)], null, 1));
    const report = await importMessagesCommand.run(t.app, { 'vendor-id': String(asset.vendorId), file, 'batch-size': '2' });
    expect(report).toMatchObject({
      vendorId: asset.vendorId,
      trackerId: asset.trackerId.toHexString(),
      messages: 6,
      skipped: 1,
      messagesPerSecond: expect.any(Number),
    });
    expect(await stats()).toEqual({ maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 });
  });

  it('loads NDJSON; importing the same messages again, shuffled, changes nothing', async () => {
    const file = join(dir, 'route.ndjson');
    writeFileSync(file, [ROUTE[4], ROUTE[2], ROUTE[0], ROUTE[3], ROUTE[1]].map((m) => JSON.stringify(m)).join('\n'));
    await importMessagesCommand.run(t.app, { 'vendor-id': String(asset.vendorId), file });
    expect(await stats()).toEqual({ maxSpeed: 72, avgSpeed: 36, totalPositions: 5, totalDistanceKm: 4.448 });
  });

  it('adds later messages to the summaries, across the last bucket boundary', async () => {
    const file = join(dir, 'more.ndjson');
    writeFileSync(file, JSON.stringify({ timestamp: T0 + 7300, 'position.latitude': 0, 'position.longitude': 0.05, 'position.speed': 0 }));
    await importMessagesCommand.run(t.app, { 'vendor-id': String(asset.vendorId), file });
    expect(await stats()).toEqual({ maxSpeed: 72, avgSpeed: 30, totalPositions: 6, totalDistanceKm: 5.56 });
  });

  it('refuses messages dated more than 5 minutes ahead of the clock, as the stream does', async () => {
    const file = join(dir, 'future.ndjson');
    const ahead = Math.floor(Date.now() / 1000) + 365 * 86_400;
    writeFileSync(
      file,
      [JSON.stringify({ timestamp: ahead, 'position.latitude': 0, 'position.longitude': 0.06, 'position.speed': 10 }), JSON.stringify(ROUTE[0])].join('\n'),
    );
    const report = await importMessagesCommand.run(t.app, { 'vendor-id': String(asset.vendorId), file });
    expect(report).toMatchObject({ messages: 2, skipped: 0, future: 1, accepted: 0, implausible: 0, duplicates: 1 });
    expect(await stats()).toEqual({ maxSpeed: 72, avgSpeed: 30, totalPositions: 6, totalDistanceKm: 5.56 });
  });

  it('refuses an unknown vendor id, a bad vendor id and a missing file', async () => {
    await expect(importMessagesCommand.run(t.app, { 'vendor-id': '1', file: join(dir, 'route.json') })).rejects.toThrow('No tracker has vendor id 1');
    await expect(importMessagesCommand.run(t.app, { 'vendor-id': 'x', file: join(dir, 'route.json') })).rejects.toThrow(
      '--vendor-id must be a positive integer',
    );
    await expect(importMessagesCommand.run(t.app, { 'vendor-id': String(asset.vendorId) })).rejects.toThrow('--file is required');
    await expect(importMessagesCommand.run(t.app, { 'vendor-id': String(asset.vendorId), file: join(dir, 'missing.json') })).rejects.toThrow(/ENOENT/);
  });
});
