import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsString, IsUrl, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { toList, url } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** Where telemetry comes from: the stored messages or flespi, and the credentials of a flespi stream. */
export function withTelemetrySourceEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class TelemetrySourceEnvironment extends Base {
    @IsIn(['store', 'flespi'])
    TELEMETRY_SOURCE: 'store' | 'flespi' = 'store';

    @ValidateIf((env: TelemetrySourceEnvironment) => env.TELEMETRY_SOURCE === 'flespi')
    @IsUrl(url)
    FLESPI_URL = 'https://flespi.io';

    @ValidateIf((env: TelemetrySourceEnvironment) => env.TELEMETRY_SOURCE === 'flespi')
    @IsString()
    @MinLength(1)
    FLESPI_TOKEN?: string;

    @Type(() => Number)
    @IsInt()
    @Min(100)
    @Max(120000)
    FLESPI_TIMEOUT_MS = 15000;

    /**
     * The platform credentials a flespi HTTP stream presents on `POST /api/telemetry/flespi`
     * (`Authorization: Bearer <token>`), comma-separated so that a new one can be added before the
     * old one is removed. Empty: the route refuses every request.
     */
    @Transform(toList)
    @IsString({ each: true })
    @MinLength(16, { each: true })
    TELEMETRY_INGEST_TOKENS: string[] = [];
  }
  return TelemetrySourceEnvironment;
}
