import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { AppConfig } from '@app/config';
import type { JobRun, RecurringOptions } from './job-outcomes';
import { Jobs } from './jobs.service';
import { RecurringJob } from './recurring-job';
import { RecurringJobs } from './recurring-jobs';
import { NOT_LEASED } from './run-lease';

@Injectable()
class Sweeps {
  readonly ran: string[] = [];

  @RecurringJob('test.sweep', { everyMs: 30_000, atStart: true, leaseMs: 5_000 })
  async sweep({ key }: JobRun<null>): Promise<void> {
    this.ran.push(`sweep ${key}`);
  }

  @RecurringJob('test.configured', { everyMs: (config) => config.get('UPLOAD_SWEEP_MINUTES') * 60_000 })
  async configured(): Promise<void> {
    this.ran.push('configured');
  }

  // Not marked: never a job.
  async other(): Promise<void> {
    this.ran.push('other');
  }
}

@Module({ providers: [Sweeps] })
class SweepsModule {}

/** `Jobs.every` as registered: the durable side is the jobs e2e suite's. */
class RegisteredJobs {
  readonly registered = new Map<string, { everyMs: number; handler: (run: JobRun<null>) => Promise<void>; options?: RecurringOptions }>();

  every(name: string, everyMs: number, handler: (run: JobRun<null>) => Promise<void>, options?: RecurringOptions): void {
    this.registered.set(name, { everyMs, handler, options });
  }
}

async function started(uploadSweepMinutes: number) {
  const jobs = new RegisteredJobs();
  const app = await Test.createTestingModule({
    imports: [DiscoveryModule, SweepsModule],
    providers: [RecurringJobs, { provide: Jobs, useValue: jobs }, { provide: AppConfig, useValue: { get: () => uploadSweepMinutes } }],
  }).compile();
  await app.init();
  return { jobs, sweeps: app.get(Sweeps), close: () => app.close() };
}

const run = (key: string): JobRun<null> => ({
  id: `x:${key}`,
  name: 'x',
  key,
  payload: null,
  attempt: 1,
  signal: new AbortController().signal,
  lease: NOT_LEASED,
});

describe('RecurringJobs', () => {
  it('registers every marked method at start with its period and options, and runs it, bound, with the run', async () => {
    const { jobs, sweeps, close } = await started(15);
    expect([...jobs.registered.keys()].sort()).toEqual(['test.configured', 'test.sweep']);
    expect(jobs.registered.get('test.sweep')).toMatchObject({ everyMs: 30_000, options: { atStart: true, leaseMs: 5_000 } });
    expect(jobs.registered.get('test.configured')!.everyMs).toBe(15 * 60_000);
    await jobs.registered.get('test.sweep')!.handler(run('recurring'));
    await jobs.registered.get('test.configured')!.handler(run('recurring'));
    expect(sweeps.ran).toEqual(['sweep recurring', 'configured']);
    await close();
  });

  it('leaves off a job whose period the configuration sets to 0', async () => {
    const { jobs, close } = await started(0);
    expect([...jobs.registered.keys()]).toEqual(['test.sweep']);
    await close();
  });
});
