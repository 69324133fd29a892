// Jobs are looked for every 50 ms, so a queued run shows within a second.
process.env.JOBS_POLL_MS = '50';

import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant, TestUser } from '../factories/tenant.factory';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { eventually } from '../support/webhook-receiver';

interface RunView {
  state: string;
  error: string | null;
  nextAttemptAt: string | null;
  attempts: number;
}

const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

/** A daily schedule of the activity log, created by `owner`. */
async function createSchedule(t: TestApp, owner: TestUser, recipients: object): Promise<{ id: string }> {
  const body = { name: 'Actividad', report: 'activity', format: 'csv', schedule: { frequency: 'daily', time: '07:00' }, recipients };
  return (await request(t.server).post('/api/scheduled-reports').set(bearer(owner)).send(body).expect(201)).body.data as { id: string };
}

/** Runs the schedule now as `caller` and answers the run once it has ended. */
async function runUntilEnded(t: TestApp, caller: TestUser, scheduleId: string): Promise<RunView> {
  await request(t.server).post(`/api/scheduled-reports/${scheduleId}/run`).set(bearer(caller)).expect(202);
  const [run] = await eventually(async () => {
    const runs = (await request(t.server).get(`/api/scheduled-reports/${scheduleId}/runs`).set(bearer(caller)).expect(200)).body.data as RunView[];
    return runs[0] && runs[0].state !== 'pending' && runs[0].state !== 'running' ? runs : null;
  }, 'the run to end');
  return run;
}

/**
 * Whom a run is built as and mailed to (docs/reports.md, "Who it runs as"): the owner as they are
 * at the run, and the recipients still active. A run that cannot succeed fails for good with the
 * reason, and nothing is mailed.
 */
describe('scheduled reports: the owner and the recipients at the run', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let smtp: MailCatcher;
  const api = () => request(t.server);
  const scheduleOf = (owner: TestUser, recipients: object) => createSchedule(t, owner, recipients);
  const runNow = (scheduleId: string) => runUntilEnded(t, tenant.admin, scheduleId);

  beforeAll(async () => {
    smtp = await startMailCatcher();
    process.env.SMTP_URL = smtp.url;
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    delete process.env.SMTP_URL;
  });

  it('fails for good when the owner was disabled, and mails nothing', async () => {
    const owner = await tenant.addUser({ permissions: [Permission.Reports, Permission.ActivityLog] });
    const schedule = await scheduleOf(owner, { emails: ['disabled-owner@example.cl'] });
    await api().patch(`/api/users/${owner.user._id.toHexString()}`).set(bearer(tenant.admin)).send({ disabled: true }).expect(200);

    expect(await runNow(schedule.id)).toMatchObject({
      state: 'failed',
      error: 'its owner is disabled or gone: someone else must create it again',
      nextAttemptAt: null,
      attempts: 1,
    });
    expect(smtp.to('disabled-owner@example.cl')).toEqual([]);
  });

  it("fails for good when the owner's role lost the report's permission, naming it", async () => {
    const owner = await tenant.addUser({ permissions: [Permission.Reports, Permission.ActivityLog, Permission.Fuel] });
    const schedule = await scheduleOf(owner, { emails: ['lost-permission@example.cl'] });
    await api()
      .patch(`/api/roles/${owner.user.roleId.toHexString()}`)
      .set(bearer(tenant.admin))
      .send({ permissions: [Permission.Reports, Permission.Fuel] })
      .expect(200);

    expect(await runNow(schedule.id)).toMatchObject({ state: 'failed', error: 'the owner no longer holds access_activity_log', nextAttemptAt: null });
    expect(smtp.to('lost-permission@example.cl')).toEqual([]);
  });

  it('is skipped when every recipient is a user disabled since; an active one is mailed', async () => {
    const [leaving, staying] = [await tenant.addUser(), await tenant.addUser()];
    const alone = await scheduleOf(tenant.admin, { userIds: [leaving.user._id.toHexString()] });
    const both = await scheduleOf(tenant.admin, { userIds: [leaving.user._id.toHexString(), staying.user._id.toHexString()] });
    await api().patch(`/api/users/${leaving.user._id.toHexString()}`).set(bearer(tenant.admin)).send({ disabled: true }).expect(200);

    expect(await runNow(alone.id)).toMatchObject({ state: 'skipped', error: 'no recipient left (the users are disabled or gone)' });
    expect(await runNow(both.id)).toMatchObject({ state: 'succeeded', error: null });
    await eventually(() => (smtp.to(staying.email).length ? true : null), 'the active user’s mail');
    expect(smtp.to(leaving.email)).toEqual([]);
  });
});

// Alone on its database's jobs: an instance with a mail server would take the run.
describe('scheduled reports: an instance with no mail server (SMTP_URL unset)', () => {
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    delete process.env.SMTP_URL;
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('fails a run for good, saying so', async () => {
    const schedule = await createSchedule(t, tenant.admin, { emails: ['no-smtp@example.cl'] });
    expect(await runUntilEnded(t, tenant.admin, schedule.id)).toMatchObject({
      state: 'failed',
      error: 'mail is not configured (SMTP_URL)',
      nextAttemptAt: null,
    });
  });
});
