import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { toBoolean } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** Sign-in and request limits: sessions, token caching, rate limits, account lockout. */
export function withAccessEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class AccessEnvironment extends Base {
    @IsString()
    @MinLength(1)
    SESSION_COOKIE_NAME = 'fleet_session';

    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(24 * 90)
    SESSION_TTL_HOURS = 12;

    /** How long a verified token stays in the in-process cache: the bound on cross-instance revocation. */
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(60)
    TOKEN_CACHE_TTL_SECONDS = 10;

    @Transform(toBoolean)
    @IsBoolean()
    RATE_LIMIT_ENABLED = true;

    /** Requests per minute per IP address, and per token; login has its own, tighter limit. */
    @Type(() => Number)
    @IsInt()
    @Min(1)
    RATE_LIMIT_PER_MINUTE = 600;

    @Type(() => Number)
    @IsInt()
    @Min(1)
    LOGIN_RATE_LIMIT_PER_MINUTE = 10;

    /**
     * Failed sign-ins for one email (from any address) before that account's sign-in is locked; each
     * further failure doubles the lock, from LOGIN_LOCKOUT_BASE_SECONDS up to LOGIN_LOCKOUT_MAX_SECONDS.
     * 0 turns the per-account limit off.
     */
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(1000)
    LOGIN_LOCKOUT_THRESHOLD = 5;

    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(86400)
    LOGIN_LOCKOUT_BASE_SECONDS = 30;

    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(86400)
    LOGIN_LOCKOUT_MAX_SECONDS = 900;
  }
  return AccessEnvironment;
}
