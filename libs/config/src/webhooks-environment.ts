import { Transform, Type } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { toList } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** An IPv4 or IPv6 network in CIDR notation (the address checked again by net.BlockList). */
const CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*\/\d{1,3})$/;

/** Webhook deliveries: which networks they may reach, their timeout, retries and concurrency. */
export function withWebhooksEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class WebhooksEnvironment extends Base {
    /**
     * CIDRs a webhook endpoint may reach although they are private, loopback, link-local or
     * otherwise refused (comma-separated). Unset or empty: `127.0.0.0/8,::1/128` outside production,
     * none in production; `none`: none.
     */
    @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : value === 'none' ? [] : toList({ value })))
    @IsOptional()
    @IsString({ each: true })
    @Matches(CIDR, { each: true, message: 'WEBHOOK_ALLOWED_NETWORKS must be CIDRs such as 10.0.0.0/8 or fd00::/8, comma-separated' })
    WEBHOOK_ALLOWED_NETWORKS?: string[];

    /**
     * Tests only: multiplies the webhook retry schedule (5 s … 24 h) so that a test sees every
     * attempt in seconds (`0.0001`: 5 s becomes 0.5 ms). 1 outside tests.
     */
    @Type(() => Number)
    @IsNumber({ allowNaN: false, allowInfinity: false })
    @Min(0.000001)
    @Max(1)
    WEBHOOK_RETRY_SCALE = 1;

    /** How long a webhook receiver has to answer a delivery (10 s). */
    @Type(() => Number)
    @IsInt()
    @Min(100)
    @Max(60000)
    WEBHOOK_TIMEOUT_MS = 10000;

    /**
     * Webhook attempts in flight at once on this instance (128). Each mostly waits on a receiver, so
     * 16 kept deliveries queued at 100 alerts/s while the app had CPU to spare (docs/performance.md).
     */
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(1000)
    WEBHOOK_CONCURRENCY = 128;
  }
  return WebhooksEnvironment;
}
