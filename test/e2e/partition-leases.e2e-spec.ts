import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { PartitionBalancer } from '../../src/positions/pipeline/partition-balancer';
import { TrackerOwnership } from '../../src/positions/pipeline/tracker-ownership';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, TrackedFixture } from './positions-fixtures';

const TOKEN = 'ingest-token-leases-0123456789abcdef';

/**
 * The leases of ingestion's partitions (docs/telemetry.md, "Many instances"): the balancer's round
 * and the claims of arriving batches take a free partition once, so its lease is held under the
 * epoch the database has and the next renewal keeps it — a lease "lost" to this very instance
 * dropped from memory the points of batches under way.
 */
describe('partition leases', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  let ownership: TrackerOwnership;
  let balancer: PartitionBalancer;
  const leases = () => t.connection.collection<{ _id: string; owner: string | null; epoch: number }>('telemetry_partitions');

  beforeAll(async () => {
    process.env.TELEMETRY_INGEST_TOKENS = TOKEN;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
    ownership = t.app.get(TrackerOwnership);
    balancer = t.app.get(PartitionBalancer);
  });
  afterAll(() => t.close());

  it('claims a free partition once when the round and several batches ask for it together, and keeps it at the next renewal', async () => {
    const partition = ownership.partitionOf(asset.trackerId.toHexString());
    await ownership.release(partition);
    const { epoch } = (await leases().findOne({ _id: `p:${partition}` }))!;
    await Promise.all([balancer.takeFree([partition]), balancer.takeFree([partition]), balancer.tick(), balancer.takeFree([partition])]);
    const after = (await leases().findOne({ _id: `p:${partition}` }))!;
    expect(after).toMatchObject({ owner: ownership.instanceId, epoch: epoch + 1 });
    expect(await ownership.renew()).toEqual([]);
    expect(ownership.processes(partition)).toBe(true);
  });

  it('processes a batch of a partition just freed here, claiming it on the way', async () => {
    const partition = ownership.partitionOf(asset.trackerId.toHexString());
    await ownership.release(partition);
    const batch = ROUTE.slice(0, 3).map((message) => ({ 'device.id': asset.vendorId, ...message }));
    const [first, second] = await Promise.all(
      [batch, batch].map((body) => request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(body)),
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    // Each point stored once, whichever of the two took it.
    expect(first.body.data.accepted + second.body.data.accepted).toBe(3);
    expect(first.body.data.duplicates + second.body.data.duplicates).toBe(3);
    expect(await ownership.renew()).toEqual([]);
    expect(ownership.processes(partition)).toBe(true);
  });

  it('writes the trackers’ and detectors’ states of the partitions it gives up before it frees them', async () => {
    // Another instance joins: this one keeps the lower half of the partitions and gives up the rest.
    let given: TrackedFixture;
    do given = await addAsset(t, tenant.clientId);
    while (ownership.partitionOf(given.trackerId.toHexString()) < ownership.partitions / 2);
    const batch = ROUTE.slice(0, 2).map((message) => ({ 'device.id': given.vendorId, ...message }));
    await request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${TOKEN}`).send(batch).expect(200);
    const instances = t.connection.collection<{ _id: string; seenAt: Date }>('telemetry_instances');
    await instances.insertOne({ _id: 'another-instance', seenAt: new Date() });
    try {
      await balancer.tick();
      expect(ownership.processes(ownership.partitionOf(given.trackerId.toHexString()))).toBe(false);
      const newest = Math.max(...batch.map((message) => message.timestamp));
      const trackerState = await t.connection.collection('telemetry_tracker_states').findOne({ _id: given.trackerId.toHexString() } as never);
      expect(trackerState).toMatchObject({ newestTs: newest, processedTs: newest });
      const detectorState = await t.connection.collection('asset_event_states').findOne({ _id: new Types.ObjectId(given.assetId) });
      expect(detectorState?.lastTs).toBe(newest);
    } finally {
      await instances.deleteOne({ _id: 'another-instance' });
      await balancer.tick();
    }
  });
});
