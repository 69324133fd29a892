import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AppConfig } from '@app/config';
import { DatabaseClock } from '@app/database';
import { GiveUp, Job, Jobs, LeaseLost, RetryLater } from '@app/jobs';
import { createTestApp, TestApp } from '@app/testing';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The background-job mechanism on the real database: several `Jobs` instances on one collection
 * stand for several app instances (the resilience suite runs two real app processes).
 */
describe('background jobs (@app/jobs)', () => {
  let t: TestApp;
  let model: Model<Job>;
  let instances: Jobs[];
  /**
   * Another instance on the same database; it claims only what its handlers name, and only when
   * the test calls `runDue` (configured like a one-shot command: no polling of its own).
   */
  const instance = () => {
    const config = t.app.get(AppConfig);
    const jobs = new Jobs(model, Object.create(config, { runsBackgroundWork: { value: false } }) as AppConfig, t.app.get(DatabaseClock));
    instances.push(jobs);
    return jobs;
  };
  const stored = (id: string) => model.collection.findOne<Job>({ _id: id } as never);
  /** An instance that runs background work, as a server (it polls only after it ran something). */
  const server = () => {
    const jobs = new Jobs(model, t.app.get(AppConfig), t.app.get(DatabaseClock));
    instances.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    t = await createTestApp();
    model = t.app.get(getModelToken(Job.name));
  });
  beforeEach(() => (instances = []));
  afterEach(async () => {
    for (const jobs of instances) await jobs.beforeApplicationShutdown();
  });
  afterAll(() => t.close());

  it('stores a key once, runs a due job once, removes it when done, and leaves a later one', async () => {
    const jobs = instance();
    const ran: string[] = [];
    jobs.handle<{ n: number }>('test.once', async (run) => void ran.push(`${run.key}:${run.payload.n}:${run.attempt}`));
    expect(await jobs.enqueue('test.once', { n: 1 }, { key: 'a' })).toEqual({ id: 'test.once:a', created: true });
    expect(await jobs.enqueue('test.once', { n: 2 }, { key: 'a' })).toEqual({ id: 'test.once:a', created: false });
    await jobs.enqueue('test.once', { n: 3 }, { key: 'later', runAt: new Date(Date.now() + 60_000) });
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual(['a:1:1']);
    expect(await stored('test.once:a')).toBeNull();
    expect(await stored('test.once:later')).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await jobs.runNow('test.once', 'later')).toBe(true);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual(['a:1:1', 'later:3:1']);
    expect(await jobs.runNow('test.once', 'gone')).toBe(false);
  });

  it('stores many in one call, each key once: a key already there (or twice in the call) is not new', async () => {
    const jobs = instance();
    const ran: string[] = [];
    jobs.handle<{ n: number }>('test.many', async (run) => void ran.push(`${run.key}:${run.payload.n}`));
    await jobs.enqueue('test.many', { n: 0 }, { key: 'b' });
    const created = await jobs.enqueueMany('test.many', [
      { key: 'a', payload: { n: 1 } },
      { key: 'b', payload: { n: 2 } },
      { key: 'c', payload: { n: 3 } },
      { key: 'a', payload: { n: 4 } },
    ]);
    expect(created).toEqual([true, false, true, false]);
    expect(await jobs.enqueueMany('test.many', [])).toEqual([]);
    expect(await jobs.runDue()).toBe(3);
    expect(ran.sort()).toEqual(['a:1', 'b:0', 'c:3']);
  });

  it('retries after the delays given, then marks the job failed with its last error', async () => {
    const jobs = instance();
    jobs.handle('test.flaky', async (run) => {
      throw new Error(`attempt ${run.attempt} failed`);
    });
    // Delays of a second: "not due before its delay" holds on a busy machine too.
    await jobs.enqueue('test.flaky', null, { key: 'x', retryDelaysMs: [1000, 1500] });
    const untilDue = async () => sleep(Math.max(0, (await stored('test.flaky:x'))!.runAt.getTime() - Date.now() + 20));
    const started = Date.now();
    await jobs.runDue();
    expect(await stored('test.flaky:x')).toMatchObject({ state: 'pending', attempts: 1, lastError: 'attempt 1 failed', leaseOwner: null });
    expect((await stored('test.flaky:x'))!.runAt.getTime()).toBeGreaterThanOrEqual(started + 1000);
    expect(await jobs.runDue()).toBe(0); // not due before its delay
    await untilDue();
    await jobs.runDue();
    expect(await stored('test.flaky:x')).toMatchObject({ state: 'pending', attempts: 2, lastError: 'attempt 2 failed' });
    expect((await stored('test.flaky:x'))!.runAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 1000);
    await untilDue();
    await jobs.runDue();
    expect(await stored('test.flaky:x')).toMatchObject({ state: 'failed', attempts: 3, lastError: 'attempt 3 failed' });
    await sleep(10);
    expect(await jobs.runDue()).toBe(0); // failed jobs stay failed
  });

  it('gives up at once when told, and runs again at the time a handler asks for', async () => {
    const jobs = instance();
    jobs.handle('test.giveup', async () => {
      throw new GiveUp('the record is gone');
    });
    const at = new Date(Date.now() + 30_000);
    jobs.handle('test.later', async () => {
      throw new RetryLater('the portal is down', at);
    });
    await jobs.enqueue('test.giveup', null, { key: 'g', retryDelaysMs: [10, 10] });
    await jobs.enqueue('test.later', null, { key: 'l' });
    await jobs.runDue();
    expect(await stored('test.giveup:g')).toMatchObject({ state: 'failed', lastError: 'the record is gone' });
    expect(await stored('test.later:l')).toMatchObject({ state: 'pending', runAt: at, lastError: 'the portal is down' });
  });

  it('runs each job once when several instances claim at the same time', async () => {
    const counts = new Map<string, number>();
    const [a, b, c] = [instance(), instance(), instance()];
    for (const jobs of [a, b, c]) jobs.handle('test.shared', async (run) => void counts.set(run.key, (counts.get(run.key) ?? 0) + 1), { concurrency: 50 });
    for (let i = 0; i < 60; i++) await a.enqueue('test.shared', null, { key: `k${i}` });
    while ((await model.collection.countDocuments({ name: 'test.shared' })) > 0) await Promise.all([a.runDue(), b.runDue(), c.runDue()]);
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('claims the due jobs of other names in the same pass as a burst of one name larger than its room', async () => {
    const jobs = instance();
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    const ran: string[] = [];
    jobs.handle(
      'test.burst',
      async (run) => {
        ran.push(run.key);
        await gate;
      },
      { concurrency: 2 },
    );
    jobs.handle('test.other', async (run) => void ran.push(run.key), { concurrency: 1 });
    const older = new Date(Date.now() - 60_000);
    await jobs.enqueueMany(
      'test.burst',
      Array.from({ length: 6 }, (_, i) => ({ payload: null, key: `burst${i}`, runAt: older })),
    );
    await jobs.enqueue('test.other', null, { key: 'other' });
    const pass = jobs.runDue();
    for (let waited = 0; ran.length < 3 && waited < 2_000; waited += 10) await sleep(10);
    expect(ran.filter((key) => key.startsWith('burst'))).toHaveLength(2);
    expect(ran).toContain('other');
    release();
    expect(await pass).toBe(3);
    expect(await model.collection.countDocuments({ name: 'test.burst' })).toBe(4);
  });

  it('keeps the lease of a long run; a dead instance’s job is run by another once its lease expires', async () => {
    const [a, b] = [instance(), instance()];
    let release!: () => void;
    const ranBy: string[] = [];
    a.handle(
      'test.long',
      async () => {
        ranBy.push('a');
        await new Promise<void>((done) => (release = done));
      },
      { leaseMs: 150 },
    );
    b.handle('test.long', async () => void ranBy.push('b'), { leaseMs: 150 });
    await a.enqueue('test.long', null, { key: 'l' });
    const running = a.runDue();
    await sleep(400); // more than two leases: renewed meanwhile
    expect(await b.runDue()).toBe(0);
    release();
    await running;
    expect(ranBy).toEqual(['a']);

    // An instance killed after claiming: its lease is never renewed nor freed.
    await b.enqueue('test.long', null, { key: 'orphaned' });
    await model.collection.updateOne({ _id: 'test.long:orphaned' } as never, {
      $set: { leaseOwner: 'killed-instance', leaseUntil: new Date(Date.now() + 200) },
      $inc: { attempts: 1 },
    });
    expect(await b.runDue()).toBe(0);
    await sleep(250);
    expect(await b.runDue()).toBe(1);
    expect(ranBy).toEqual(['a', 'b']);
    expect(await stored('test.long:orphaned')).toBeNull();
  });

  it('runs a job enqueued here at once, leased from its insert and handed what the enqueuer holds; another runs it without that once the lease expires', async () => {
    const [here, other] = [server(), instance()];
    const runs: Array<{ by: string; attempt: number; held: unknown }> = [];
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    here.handle(
      'test.here',
      async ({ attempt, held }) => {
        runs.push({ by: 'here', attempt, held });
        await released;
      },
      { leaseMs: 150, concurrency: 1 },
    );
    other.handle('test.here', async ({ attempt, held }) => void runs.push({ by: 'other', attempt, held }), { leaseMs: 150 });

    expect(await here.enqueueHere('test.here', { n: 1 }, { key: 'a', held: ['in memory'], retryDelaysMs: [1000] })).toEqual({
      id: 'test.here:a',
      created: true,
    });
    expect(await stored('test.here:a')).toMatchObject({
      state: 'pending',
      attempts: 1,
      leaseOwner: here.owner,
      leaseUntil: expect.any(Date),
      retryDelaysMs: [1000],
    });
    expect(runs).toEqual([{ by: 'here', attempt: 1, held: ['in memory'] }]);
    // The same key again is the same job: not stored or run twice.
    expect(await here.enqueueHere('test.here', { n: 2 }, { key: 'a', held: ['again'] })).toEqual({ id: 'test.here:a', created: false });
    // Its lease is renewed while it runs: no other instance takes it.
    await sleep(400);
    expect(await other.runDue()).toBe(0);
    // No room left here (concurrency 1): stored for a claim pass, which any instance may make.
    expect(await here.enqueueHere('test.here', { n: 3 }, { key: 'b', held: ['not handed over'], retryDelaysMs: [2000] })).toEqual({
      id: 'test.here:b',
      created: true,
    });
    expect(await stored('test.here:b')).toMatchObject({ attempts: 0, leaseOwner: null, retryDelaysMs: [2000] });
    expect(await other.runDue()).toBe(1);
    release();
    await sleep(50);
    expect(await stored('test.here:a')).toBeNull();

    // The enqueuer killed after the insert: its lease is never renewed, and another instance runs the
    // job from what is stored, with nothing handed over.
    const doomed = server();
    // (Its run ends only when it learns it lost the lease, as a killed instance's never would.)
    doomed.handle('test.here', ({ signal }) => new Promise<void>((done) => signal.addEventListener('abort', () => done())), { leaseMs: 150 });
    await doomed.enqueueHere('test.here', { n: 4 }, { key: 'c', held: ['lost with the instance'] });
    await model.collection.updateOne({ _id: 'test.here:c' } as never, {
      $set: { leaseOwner: 'killed-instance', leaseId: 'killed-claim', leaseUntil: new Date(Date.now() + 100) },
    });
    expect(await other.runDue()).toBe(0);
    await sleep(150);
    expect(await other.runDue()).toBe(1);
    expect(runs).toEqual([
      { by: 'here', attempt: 1, held: ['in memory'] },
      { by: 'other', attempt: 1, held: undefined },
      { by: 'other', attempt: 2, held: undefined },
    ]);
    // An instance that runs no background work (a command) only stores it.
    expect(await other.enqueueHere('test.here', { n: 5 }, { key: 'd', held: ['a command'] })).toEqual({ id: 'test.here:d', created: true });
    expect(await stored('test.here:d')).toMatchObject({ attempts: 0, leaseOwner: null });
  });

  it('looks for due jobs again as soon as a run frees a slot they waited for, and not after a run that left none waiting', async () => {
    // Polls every 5 s: what runs sooner was looked for because a slot freed.
    const config = t.app.get(AppConfig);
    const jobs = new Jobs(
      model,
      Object.create(config, { get: { value: (key: string) => (key === 'JOBS_POLL_MS' ? 5_000 : config.get(key as never)) } }) as AppConfig,
      t.app.get(DatabaseClock),
    );
    instances.push(jobs);
    const gates = new Map<string, () => void>();
    const started = new Map<string, number>();
    jobs.handle(
      'test.slot',
      ({ key }) => {
        started.set(key, Date.now());
        return new Promise<void>((done) => gates.set(key, done));
      },
      { concurrency: 4 },
    );
    const until = async (check: () => boolean) => {
      for (let waited = 0; !check() && waited < 3_000; waited += 10) await sleep(10);
    };

    // Five due, room for four: the fifth waits for a slot, and takes the first one freed. Which
    // four start first is not promised (the five are due at the same moment).
    const keys = ['w1', 'w2', 'w3', 'w4', 'w5'];
    await jobs.enqueueMany(
      'test.slot',
      keys.map((key) => ({ payload: null, key })),
    );
    await until(() => started.size === 4);
    await sleep(100);
    expect(started.size).toBe(4);
    const waiting = keys.find((key) => !started.has(key))!;
    const first = [...started.keys()][0];
    const freed = Date.now();
    gates.get(first)!();
    await until(() => started.has(waiting));
    expect(started.get(waiting)! - freed).toBeLessThan(1_000);
    for (const key of keys) if (key !== first) gates.get(key)!();
    for (let waited = 0; (await model.collection.countDocuments({ name: 'test.slot' })) > 0 && waited < 3_000; waited += 10) await sleep(10);

    // Nothing waiting: another instance's job that comes due while one runs here waits for the
    // next poll, not for the end of that run.
    await sleep(100);
    await instance().enqueue('test.slot', null, { key: 'theirs', runAt: new Date(Date.now() + 200) });
    await jobs.enqueue('test.slot', null, { key: 'mine' });
    await until(() => started.has('mine'));
    await sleep(400);
    gates.get('mine')!();
    await sleep(1_000);
    expect(started.has('theirs')).toBe(false);
    expect(await stored('test.slot:theirs')).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('stops a run that lost its lease before its next write, and leaves the job to the claim that took it', async () => {
    const [a, b] = [instance(), instance()];
    const writes: string[] = [];
    let stopped: unknown;
    let proceed!: () => void;
    const paused = new Promise<void>((done) => (proceed = done));
    let claimed!: () => void;
    const running = new Promise<void>((done) => (claimed = done));
    a.handle(
      'test.fenced',
      async ({ lease }) => {
        lease.assertHeld();
        writes.push('a: first');
        claimed();
        await paused; // as a paused process: its lease runs out and another instance takes the job
        try {
          lease.assertHeld();
          writes.push('a: second');
        } catch (error) {
          stopped = error;
          throw error;
        }
      },
      { leaseMs: 300 },
    );
    b.handle(
      'test.fenced',
      async ({ lease }) => {
        lease.assertHeld();
        writes.push('b');
      },
      { leaseMs: 300 },
    );
    await a.enqueue('test.fenced', null, { key: 'f' });
    const run = a.runDue();
    await running;
    // The claim as another instance makes it once the lease has run out (a's renewals lost the race).
    await model.collection.updateOne({ _id: 'test.fenced:f' } as never, {
      $set: { leaseOwner: 'another-instance', leaseId: 'another-claim', leaseUntil: new Date(Date.now() + 60_000) },
    });
    await sleep(150); // a renewal of a's finds the job taken over
    proceed();
    await run;
    expect(writes).toEqual(['a: first']);
    expect(stopped).toBeInstanceOf(LeaseLost);
    // a changed nothing of the job on its way out: still the other claim's.
    expect(await stored('test.fenced:f')).toMatchObject({ leaseId: 'another-claim', state: 'pending', lastError: null });
    await model.collection.updateOne({ _id: 'test.fenced:f' } as never, { $set: { leaseUntil: new Date(Date.now() - 1) } });
    expect(await b.runDue()).toBe(1);
    expect(writes).toEqual(['a: first', 'b']);
    expect(await stored('test.fenced:f')).toBeNull();
  });

  it('reads lease times on the database’s clock: an instance whose own clock runs two minutes ahead takes no live lease', async () => {
    const [a, b] = [instance(), instance()];
    let release!: () => void;
    a.handle('test.clock', () => new Promise<void>((done) => (release = done)), { leaseMs: 30_000 });
    const ranByB: string[] = [];
    b.handle('test.clock', async ({ key }) => void ranByB.push(key), { leaseMs: 30_000 });
    await a.enqueue('test.clock', null, { key: 'c' });
    const running = a.runDue();
    while (!release) await sleep(10);
    const clock = t.app.get(DatabaseClock);
    // This process's clock (Date) two minutes ahead, as on a machine whose time is wrong.
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
      now: Date.now() + 120_000,
      advanceTimers: true,
    });
    try {
      await clock.sync();
      expect(clock.offsetMs).toBeLessThan(-110_000);
      expect(await b.runDue()).toBe(0);
      expect(ranByB).toEqual([]);
    } finally {
      jest.useRealTimers();
      await clock.sync();
    }
    release();
    await running;
  });

  it('runs a recurring job once a period across instances', async () => {
    const runs: string[] = [];
    const [a, b] = [instance(), instance()];
    a.every('test.tick', 300, async () => void runs.push('a'));
    b.every('test.tick', 300, async () => void runs.push('b'));
    await a.ensureRecurring();
    await b.ensureRecurring();
    const started = Date.now();
    while (Date.now() - started < 1000) {
      await Promise.all([a.runDue(), b.runDue()]);
      await sleep(20);
    }
    // First due at start-up, then every 300 ms: 4 periods began within the second, each ran once.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(4);
    expect((await stored('test.tick:recurring'))!.runs).toBe(runs.length);
  });

  it('lets a running job finish before the instance stops', async () => {
    const jobs = instance();
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    jobs.handle('test.slow', async () => {
      started();
      await sleep(200);
      finished = true;
    });
    await jobs.enqueue('test.slow', null, { key: 's' });
    void jobs.runDue();
    // Stopped once the job runs (a fixed 20 ms wait stopped before the claim on a busy machine).
    await running;
    await jobs.beforeApplicationShutdown();
    expect(finished).toBe(true);
    expect(await stored('test.slow:s')).toBeNull();
  });
});
