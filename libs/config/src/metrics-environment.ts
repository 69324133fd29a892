import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { emptyAsUnset, toBoolean } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** Prometheus metrics on a port of their own. */
export function withMetricsEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class MetricsEnvironment extends Base {
    /** Prometheus metrics on their own port (`GET /metrics`; 0: a free one, logged); unset: no metrics are served or measured per request. */
    @Transform(emptyAsUnset)
    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(65535)
    METRICS_PORT?: number;

    /** The metrics port's address: all interfaces for a scraper in another container; `127.0.0.1` keeps it on the machine. */
    @IsString()
    @MinLength(1)
    METRICS_HOST = '0.0.0.0';

    /** When set, the metrics port asks for `Authorization: Bearer <METRICS_TOKEN>`. */
    @Transform(emptyAsUnset)
    @IsOptional()
    @IsString()
    @MinLength(16)
    METRICS_TOKEN?: string;

    /**
     * With metrics served, also count the commands sent to the database by command and collection,
     * and the seconds until their answers (`mongodb_commands_total`, `mongodb_command_seconds_total`):
     * off by default, since the driver then parses every reply once more for its command events; on
     * to see what a feature costs the database in calls, and where its time goes.
     */
    @Transform(toBoolean)
    @IsBoolean()
    METRICS_DATABASE_COMMANDS = false;
  }
  return MetricsEnvironment;
}
