import request from 'supertest';
import { DateTime } from 'luxon';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { FieldType } from '../../src/forms/form-field-types';
import { fleetFixtures, option } from '../factories/inspections.factory';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { AppProcess, killHard, startAppProcess } from '../support/app-process';
import { startMongoCrashPoint, type SentCommand } from '../support/mongo-crash-point';
import { eventually } from '../support/webhook-receiver';
import { addAsset, TrackedFixture } from './positions-fixtures';

/** What the app process is started with, beside its database. */
const APP_ENV = { NODE_ENV: 'development', RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn' };

/**
 * Crash windows, crashed in: the app runs as a process of its own (from its sources) whose
 * database connection passes through a proxy that lets a chosen write through and nothing after
 * it (test/support/mongo-crash-point.ts); the process is then killed (SIGKILL), what is stored is
 * read, and a new process started on the database must finish what the dead one left. The
 * set-up (tenant, assets, plans) is written by an app in this test's process, which runs no jobs.
 */
describe('crash windows', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let app: AppProcess | undefined;
  const auth = () => ({ Authorization: `Bearer ${tenant.admin.apiToken}` });

  beforeAll(async () => {
    // Its jobs would finish what the crash left before the restarted process could show it does.
    process.env.JOBS_RUN = 'false';
    t = await createTestApp();
    delete process.env.JOBS_RUN;
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    if (app) await killHard(app);
    await t.close();
  });

  /** Starts the app behind a proxy that stops after `stopAfter`, sends `cause`, and kills the app once the write is through. */
  async function crashAfter(stopAfter: (command: SentCommand) => boolean, cause: (url: string) => Promise<unknown>): Promise<SentCommand> {
    const proxy = await startMongoCrashPoint(process.env.MONGODB_URI as string, stopAfter);
    try {
      app = await startAppProcess({ env: { ...APP_ENV, MONGODB_URI: proxy.uri } });
      // The request never gets its answer: the app waits for the database until it is killed.
      void cause(app.url).catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`the write never came:\n${app!.output()}`)), 60_000)));
      const command = await Promise.race([proxy.stopped, timeout]).finally(() => clearTimeout(timer));
      await killHard(app);
      return command;
    } finally {
      app = undefined;
      await proxy.close();
    }
  }

  async function restart(): Promise<AppProcess> {
    app = await startAppProcess({ env: { ...APP_ENV, MONGODB_URI: process.env.MONGODB_URI as string } });
    return app;
  }

  describe('a service status entering overdue', () => {
    /** The write of a status's new state, whichever command carries it (findAndModify, or a bulk update). */
    const entersOverdue = ({ name, collection, body, sequences }: SentCommand) =>
      collection === 'service_statuses' &&
      ((name === 'findAndModify' && (body.update as { $set?: { state?: string } })?.$set?.state === 'overdue') ||
        (name === 'update' &&
          (sequences.updates ?? (body.updates as Record<string, unknown>[]) ?? []).some(
            (u) => (u.u as { $set?: { state?: string } })?.$set?.state === 'overdue',
          )));
    const send = (url: string, method: string, path: string, body: object) =>
      fetch(`${url}${path}`, { method, headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const reading = (asset: TrackedFixture, odometerKm: number) => ({ odometerKm, readAt: new Date().toISOString() });

    it.each([
      {
        // A reading past the interval: the asset's statuses are recomputed in the request.
        how: 'by a meter reading',
        intervalKm: 10_000,
        before: async () => undefined,
        cause: (url: string, asset: TrackedFixture) => send(url, 'POST', `/api/assets/${asset.assetId}/meter-readings`, reading(asset, 15_000)),
      },
      {
        // The asset is at 15 000 km on a 20 000 km plan; the plan's interval becomes 12 000 km: its statuses are rewritten together.
        how: 'by an edit of its plan',
        intervalKm: 20_000,
        before: async (asset: TrackedFixture) =>
          void (await request(t.server).post(`/api/assets/${asset.assetId}/meter-readings`).set(auth()).send(reading(asset, 15_000)).expect(201)),
        cause: (url: string, _asset: TrackedFixture, planId: string) =>
          send(url, 'PATCH', `/api/maintenance/service-plans/${planId}`, { intervals: { km: 12_000 } }),
      },
    ])(
      '$how: stored with its effects pending in the same write; a restart records its event and opens its work order',
      async ({ intervalKm, before, cause }) => {
        const asset = await addAsset(t, tenant.clientId, { name: 'Camión 12' });
        const planId = (
          await request(t.server)
            .post('/api/maintenance/service-plans')
            .set(auth())
            .send({ name: 'Aceite', assetIds: [asset.assetId], intervals: { km: intervalKm }, workOrder: { autoCreate: true } })
            .expect(201)
        ).body.data.id as string;
        const status = () =>
          t.connection.collection('service_statuses').findOne({ planId: new Types.ObjectId(planId), assetId: new Types.ObjectId(asset.assetId) });
        await before(asset);
        expect(await status()).toMatchObject({ state: 'ok', effectsPending: false });
        await crashAfter(entersOverdue, (url) => cause(url, asset, planId));
        // Killed right after the state's write: the state and the mark of its unfinished effects are stored together.
        expect(await status()).toMatchObject({ state: 'overdue', effectsPending: true, overdueEvent: null, workOrderId: null });

        const restarted = await restart();
        const api = (path: string) =>
          fetch(`${restarted.url}${path}`, { headers: auth() }).then((res) => res.json() as Promise<{ data: Array<Record<string, unknown>> }>);
        const from = encodeURIComponent(DateTime.now().minus({ days: 1 }).toISO());
        const to = encodeURIComponent(DateTime.now().plus({ days: 1 }).toISO());
        // The sweep (when an instance starts) finishes the effects the dead process left.
        const [event] = await eventually(
          async () => {
            const events = (await api(`/api/events?assetId=${asset.assetId}&type=maintenance.overdue&from=${from}&to=${to}`)).data;
            return events.length > 0 ? events : null;
          },
          'the overdue event',
          60_000,
        );
        expect(event).toMatchObject({ type: 'maintenance.overdue', details: expect.objectContaining({ planId }) });
        const orders = (await api(`/api/maintenance/work-orders?assetId=${asset.assetId}`)).data;
        expect(orders.filter((order) => order.servicePlanId === planId)).toHaveLength(1);
        expect(await status()).toMatchObject({ state: 'overdue', effectsPending: false, overdueEvent: expect.objectContaining({ recorded: true }) });
        await killHard(restarted);
        app = undefined;
      },
      300_000,
    );
  });
  describe('a critical inspection', () => {
    it('killed after its write: the job stored before it tells its event; a keyed retry is answered the stored inspection', async () => {
      const fixtures = fleetFixtures(t.app, tenant.clientId);
      const asset = await fixtures.asset({ name: 'Camión 21', mainTrackerId: (await fixtures.tracker())._id });
      const [ok, flat] = [option('Bien'), option('Pinchado', true)];
      const form = await fixtures.form({
        name: 'Pre-viaje',
        assetIds: [asset._id],
        fields: [{ fieldId: 'tyres', type: FieldType.Select, label: 'Neumáticos', required: true, options: [ok, flat] }],
      });
      const body = JSON.stringify({ assetId: asset._id.toHexString(), formId: form._id.toHexString(), answers: [{ fieldId: 'tyres', value: flat.optionId }] });
      const headers = { ...auth(), 'content-type': 'application/json', 'idempotency-key': 'crash-window-0001' };
      const submit = (url: string) => fetch(`${url}/api/inspections`, { method: 'POST', headers, body });
      const stored = () => t.connection.collection('inspections').find({ clientId: tenant.clientId, assetId: asset._id }).toArray();
      const orders = () => t.connection.collection('work_orders').countDocuments({ clientId: tenant.clientId, assetId: asset._id });
      const events = () =>
        t.connection.collection('fleet_events').countDocuments({ clientId: tenant.clientId, assetId: asset._id, type: 'inspection.critical' });

      await crashAfter(({ name, collection }) => name === 'insert' && collection === 'inspections', submit);
      // Killed right after the inspection's write: it and its work order are stored, its event is not — but its job is.
      const [inspection] = await stored();
      expect([await orders(), await events()]).toEqual([1, 0]);
      const jobId = `inspections.events:${inspection._id.toHexString()}`;
      expect(await t.connection.collection('jobs').findOne({ _id: jobId as never })).toMatchObject({
        state: 'pending',
        payload: { inspectionId: inspection._id.toHexString() },
      });
      // The minute the job waits for is over (its due time moved as the clock would move it).
      await t.connection.collection('jobs').updateOne({ _id: jobId as never }, { $set: { runAt: new Date() } });

      const restarted = await restart();
      await eventually(async () => ((await events()) === 1 ? true : null), 'the inspection.critical event', 60_000);
      const retry = await submit(restarted.url);
      expect(retry.status).toBe(201);
      expect(((await retry.json()) as { data: { id: string } }).data.id).toBe(inspection._id.toHexString());
      expect([(await stored()).length, await orders(), await events()]).toEqual([1, 1, 1]);
      await killHard(restarted);
      app = undefined;
    }, 300_000);
  });
});
