import request from 'supertest';
import { Jobs } from '@app/jobs';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { AppProcess, killHard, startAppProcess } from '../support/app-process';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';

/** The deliver job's lease (src/webhooks/webhook-dispatcher.service.ts), and a poll's margin. */
const LEASE_MS = 60_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Fencing with two app processes on one database: the instance attempting a webhook is paused
 * (SIGSTOP) with its POST in flight, past its job's lease; the other takes the job over and
 * delivers; the paused one is resumed (SIGCONT) and finds the receiver's late 503 waiting. One
 * writer: the delivery stays as the run that took over left it — succeeded, one attempt, the
 * endpoint not failing, no retry — and the receiver got no third POST.
 */
describe('background jobs: a run that outlived its lease stops before it writes', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  const apps: AppProcess[] = [];
  let answerFirst!: (status: number) => void;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    // Only the two processes below run jobs.
    await t.app.get(Jobs).beforeApplicationShutdown();
    receiver = await new WebhookReceiver().start();
    // The first POST waits for the test; every later one is answered 200 at once.
    receiver.answer = (_request, index) => (index === 0 ? new Promise<number>((done) => (answerFirst = done)) : 200);
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) {
      if (app.child.exitCode === null && app.child.signalCode === null) process.kill(app.child.pid!, 'SIGCONT');
      await killHard(app);
    }
    answerFirst?.(200);
    await receiver?.close();
    await t?.close();
  });

  it('leaves the delivery to the instance that took its job over, when the paused one resumes', async () => {
    const env = {
      MONGODB_URI: process.env.MONGODB_URI as string,
      NODE_ENV: 'development',
      RATE_LIMIT_ENABLED: 'false',
      JOBS_POLL_MS: '200',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      // Longer than the pause's own steps: the paused attempt ends by the receiver's answer or its time-out, after the resume.
      WEBHOOK_TIMEOUT_MS: '30000',
    };
    const [paused, other] = await Promise.all([startAppProcess({ env }), startAppProcess({ env })]);
    apps.push(paused, other);
    const auth = { Authorization: `Bearer ${tenant.admin.token}` };
    const endpoint = (
      await request(paused.url)
        .post('/api/webhook-endpoints')
        .set(auth)
        .send({ url: `${receiver.url}/hook`, eventTypes: ['alert.opened'] })
        .expect(201)
    ).body.data;

    // A ping through the first instance: it stores the delivery and attempts it at once, itself.
    const ping = (await request(paused.url).post(`/api/webhook-endpoints/${endpoint.id}/test`).set(auth).expect(201)).body.data;
    await eventually(() => receiver.received.length === 1, 'the first attempt');
    process.kill(paused.child.pid!, 'SIGSTOP');
    const stoppedAt = Date.now();
    // The late answer waits in the paused process's socket.
    answerFirst(503);

    // The other instance takes the job over once the lease has run out, and delivers.
    await eventually(() => receiver.received.length === 2, 'the attempt of the instance that took over', LEASE_MS + 30_000);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(LEASE_MS - 5_000);
    const deliveries = () => t.connection.collection('webhook_deliveries').find({ messageId: ping.messageId }).toArray();
    await eventually(async () => (await deliveries())[0]?.state === 'succeeded', 'the delivery succeeded');
    await eventually(async () => (await t.connection.collection('jobs').countDocuments({ name: 'webhooks.deliver' })) === 0, 'its job done');

    // Resumed, it reads the 503 (or its time-out) it was waiting for; a retry of that stale outcome
    // would come 5 s after it is written: wait past that.
    process.kill(paused.child.pid!, 'SIGCONT');
    await sleep(10_000);

    const log = (await request(other.url).get(`/api/webhook-endpoints/${endpoint.id}/deliveries`).set(auth).expect(200)).body.data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ id: ping.id, state: 'succeeded', attempt: 1, responseStatus: 200, nextAttemptAt: null });
    expect((await request(other.url).get(`/api/webhook-endpoints/${endpoint.id}`).set(auth).expect(200)).body.data).toMatchObject({
      enabled: true,
      failingSince: null,
    });
    expect(receiver.received.map((hook) => hook.headers['webhook-id'])).toEqual([ping.messageId, ping.messageId]);
    expect(await t.connection.collection('jobs').countDocuments({ name: 'webhooks.deliver' })).toBe(0);
    // The resumed run found its lease lost before it wrote.
    expect(paused.output()).toMatch(/no longer holds its job/);
  }, 420_000);
});
