import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { toBoolean } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** Background work: which instances run jobs, how often they look, how long a request waits for one. */
export function withJobsEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class JobsEnvironment extends Base {
    /**
     * How often an instance looks for due background jobs (sweeps, deliveries, scheduled reports),
     * in ms; a job this instance enqueues for now starts at once regardless.
     */
    @Type(() => Number)
    @IsInt()
    @Min(50)
    @Max(60_000)
    JOBS_POLL_MS = 1000;

    /**
     * Whether this instance runs background jobs (true). False on instances that only serve
     * requests and ingestion beside instances that run the jobs (webhook deliveries, mail, sweeps,
     * scheduled reports): they store jobs and run none. At least one instance must run them.
     */
    @Transform(toBoolean)
    @IsBoolean()
    JOBS_RUN = true;

    /**
     * How long `PATCH /api/fuel-tariffs/{id}` waits for its price change's re-valuation, in ms: a
     * change finished by then is answered done; a longer one answers with the tariff at its new price
     * (what every reader already shows) and goes on in the background. 0 answers at once.
     */
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(60_000)
    PRICE_CHANGE_ANSWER_WITHIN_MS = 5000;
  }
  return JobsEnvironment;
}
