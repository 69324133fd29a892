import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import type { EnvironmentBase } from './environment-area';

/** Latest positions and their live stream. */
export function withLivePositionsEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class LivePositionsEnvironment extends Base {
    /** An asset is `online` in the latest positions when its last message is at most this old. */
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(86400)
    ONLINE_THRESHOLD_SECONDS = 300;

    /**
     * How often the live position feed reads the latest positions when the database has no change
     * streams: the delay of another instance's update (500: p99 590 ms at 1 000 updates/s to 200
     * clients, where 1 000 gives 1.15 s; docs/performance.md, "Live positions and tracks").
     */
    @Type(() => Number)
    @IsInt()
    @Min(100)
    @Max(60000)
    POSITION_STREAM_POLL_MS = 500;

    /** How often the live position stream sends a comment line when nothing else was sent (keeps proxies from closing it). */
    @Type(() => Number)
    @IsInt()
    @Min(50)
    @Max(120000)
    POSITION_STREAM_HEARTBEAT_MS = 15000;
  }
  return LivePositionsEnvironment;
}
