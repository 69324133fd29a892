// This file's first app serves requests and runs no jobs (JOBS_RUN=false); a second app on the same
// database runs them. Both look for jobs every 50 ms. The app reads them when it is built.
process.env.JOBS_RUN = 'false';
process.env.JOBS_POLL_MS = '50';

import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * An instance with JOBS_RUN=false stores the jobs its requests and ingestion make and runs none:
 * not even those it would start itself at once (a webhook's first attempt), nor the recurring
 * sweeps; an instance that runs jobs, on the same database, does.
 */
describe('background jobs left to other instances (JOBS_RUN=false)', () => {
  let front: TestApp;
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const jobs = () => front.connection.collection('jobs');

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    front = await createTestApp();
    tenant = await createTenant(front.app);
  });
  afterAll(async () => {
    await front.close();
    await receiver.close();
  });

  it('stores a test ping’s delivery and its job, runs neither, and an instance that runs jobs delivers it', async () => {
    const endpoint = (
      await request(front.server)
        .post('/api/webhook-endpoints')
        .set(auth())
        .send({ url: `${receiver.url}/ping`, eventTypes: ['alert.opened'] })
        .expect(201)
    ).body.data;
    const ping = (await request(front.server).post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth()).expect(201)).body.data;
    // Stored for any instance to claim (not leased to this one, as a first attempt run here is), and
    // still so after ten of this instance's poll intervals.
    expect(await jobs().findOne({ 'payload.deliveryIds': ping.id })).toMatchObject({ state: 'pending', attempts: 0, leaseOwner: null });
    await sleep(500);
    expect(receiver.on('/ping')).toEqual([]);
    const log = (await request(front.server).get(`/api/webhook-endpoints/${endpoint.id}/deliveries`).set(auth()).expect(200)).body.data;
    expect(log).toEqual([expect.objectContaining({ id: ping.id, state: 'pending', attempt: 0 })]);
    // Nor were the recurring sweeps stored: the first instance that runs jobs stores them.
    expect(await jobs().countDocuments({ key: 'recurring' })).toBe(0);

    const worker = await createTestAppWithEnv({ JOBS_RUN: 'true' });
    try {
      const [message] = await eventually(() => (receiver.on('/ping').length > 0 ? receiver.on('/ping') : null), 'the ping at the receiver');
      const verified = new Webhook(endpoint.secret).verify(message.body, {
        'webhook-id': message.headers['webhook-id'] as string,
        'webhook-timestamp': message.headers['webhook-timestamp'] as string,
        'webhook-signature': message.headers['webhook-signature'] as string,
      });
      expect(verified).toMatchObject({ id: ping.messageId, type: 'webhook.test' });
      const delivered = await eventually(async () => {
        const [entry] = (await request(front.server).get(`/api/webhook-endpoints/${endpoint.id}/deliveries`).set(auth()).expect(200)).body.data;
        return entry.state === 'succeeded' ? entry : null;
      }, 'the delivery recorded');
      expect(delivered).toMatchObject({ id: ping.id, attempt: 1, responseStatus: 200 });
      expect(receiver.on('/ping')).toHaveLength(1);
      expect(await jobs().findOne({ 'payload.deliveryIds': ping.id })).toBeNull();
      expect(await jobs().countDocuments({ key: 'recurring' })).toBeGreaterThan(0);
    } finally {
      await worker.close();
    }
  });
});
