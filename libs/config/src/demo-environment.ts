import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsUrl, Max, Min } from 'class-validator';
import { toBoolean, emptyAsUnset, url } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** The demo (`npm start`): seed data, simulated vehicles, the stand-in webhook receiver. */
export function withDemoEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class DemoEnvironment extends Base {
    /** Seed the demo data when the embedded database starts empty (`npm start`). */
    @Transform(toBoolean)
    @IsBoolean()
    SEED_DEMO_ON_EMPTY = true;

    /**
     * The demo vehicles drive and send messages (`npm start`). Unset: on with the embedded
     * database, off with `MONGODB_URI`.
     */
    @Transform(toBoolean)
    @IsOptional()
    @IsBoolean()
    DEMO_SIMULATOR?: boolean;

    /** How often each demo vehicle reports a position while the simulator runs. */
    @Type(() => Number)
    @IsInt()
    @Min(100)
    @Max(600000)
    DEMO_SIMULATOR_INTERVAL_MS = 5000;

    /**
     * Set by `npm start` (the demo stand-ins), not by hand: where the demo webhook receiver listens;
     * the demo clients' webhook endpoint is pointed at it at each start.
     */
    @Transform(emptyAsUnset)
    @IsOptional()
    @IsUrl(url)
    DEMO_WEBHOOK_RECEIVER_URL?: string;
  }
  return DemoEnvironment;
}
