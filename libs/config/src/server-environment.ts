import { Transform, Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsUrl, Max, Min } from 'class-validator';
import { toList, emptyAsUnset, url } from './environment-parsing';

const DEFAULT_APP_URL = 'http://localhost:4200';

/** The process and its HTTP side: mode, port, proxies, logging, the origins and base URL of the web app. The other areas are mixed into it. */
export class ServerEnvironment {
  @IsIn(['production', 'development', 'test'])
  NODE_ENV: 'production' | 'development' | 'test' = 'development';

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /**
   * Express `trust proxy`: which hops' X-Forwarded-For to believe (rate limits, activity log):
   * unset or `false` (the default) believes none — the client is the socket's peer; a hop count
   * (`1` behind one load balancer), `loopback`, a list of addresses or subnets, or `true`.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' || value === 'false'
      ? false
      : value === 'true'
        ? true
        : typeof value === 'string' && /^\d+$/.test(value)
          ? Number(value)
          : value,
  )
  @IsDefined()
  TRUST_PROXY: string | number | boolean = false;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** `json` (one object a line, for collectors) or `pretty` (pino-pretty); unset: pretty when the log goes to a terminal. */
  @Transform(emptyAsUnset)
  @IsOptional()
  @IsIn(['json', 'pretty'])
  LOG_FORMAT?: 'json' | 'pretty';

  /** The command line logs to stderr so that its stdout carries only results. */
  @IsIn(['stdout', 'stderr'])
  LOG_DESTINATION: 'stdout' | 'stderr' = 'stdout';

  @Transform(toList)
  @IsUrl(url, { each: true })
  APP_ORIGINS: string[] = ['http://localhost:3000', 'http://localhost:5173'];

  /** The web app's base URL: QR labels encode `{APP_URL}/qr/i/{code}`, its entry point for a scan. */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' ? DEFAULT_APP_URL : typeof value === 'string' ? value.replace(/\/+$/, '') : value,
  )
  @IsUrl(url)
  APP_URL = DEFAULT_APP_URL;
}
