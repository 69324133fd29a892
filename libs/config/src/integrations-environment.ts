import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { emptyAsUnset, url } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** External services and programs: the billing portal, the geocoder, the partner platform, Chromium. */
export function withIntegrationsEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class IntegrationsEnvironment extends Base {
    @Transform(emptyAsUnset)
    @IsOptional()
    @IsUrl(url)
    BILLING_PORTAL_URL?: string;

    @Transform(emptyAsUnset)
    @IsOptional()
    @IsString()
    BILLING_PORTAL_TOKEN?: string;

    @Type(() => Number)
    @IsInt()
    @Min(100)
    @Max(120000)
    BILLING_PORTAL_TIMEOUT_MS = 10000;

    @Transform(emptyAsUnset)
    @IsOptional()
    @IsUrl(url)
    GEOCODER_URL?: string;

    @Type(() => Number)
    @IsInt()
    @Min(100)
    @Max(60000)
    GEOCODER_TIMEOUT_MS = 3000;

    @Transform(emptyAsUnset)
    @IsOptional()
    @IsUrl(url)
    PARTNER_PLATFORM_URL?: string;

    @Transform(emptyAsUnset)
    @IsOptional()
    @IsString()
    @MinLength(16)
    PARTNER_SHARED_SECRET?: string;

    @Transform(emptyAsUnset)
    @IsOptional()
    @IsString()
    PUPPETEER_EXECUTABLE_PATH?: string;
  }
  return IntegrationsEnvironment;
}
