import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1');
const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;
const emptyAsUnset = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const DEFAULT_APP_URL = 'http://localhost:4200';
/** An IPv4 or IPv6 network in CIDR notation (the address checked again by net.BlockList). */
const CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*\/\d{1,3})$/;
const url = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** Every environment variable the app reads, with its default. `.env.example` documents each one. */
export class Environment {
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

  @Transform(emptyAsUnset)
  @IsOptional()
  @IsString()
  @MinLength(10)
  MONGODB_URI?: string;

  @Transform(emptyAsUnset)
  @IsOptional()
  @IsIn(['mongod', 'java'])
  EMBEDDED_MONGO?: 'mongod' | 'java';

  /** Where the embedded database keeps its files (`npm start`); tests use memory only. */
  @IsString()
  DATA_DIR = '.data';

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

  /**
   * How long a client's active forms, a QR code and an asset, once read, are reused from memory
   * (scans and work orders). A change made by another process (the command line) shows within it;
   * this process's own QR replacements at once. 0 reads every time.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60)
  READ_CACHE_TTL_SECONDS = 3;

  /** The largest photo or document `POST /api/uploads` accepts, in bytes (10 MB). */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(50 * 1024 * 1024)
  UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

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

  /**
   * How long records that grow with use are kept (docs/architecture.md, "Retention"), in days,
   * removed by an hourly job: a webhook delivery (body, attempts, its endpoint's log) after it was
   * made (30); a fleet event, with its entries in the events index, after it occurred (396, 13
   * months: a year's comparison and its month); an inbox entry after its alert's event or its
   * notice (180); the record of a sent mail, within which a cause told again never mails again (90).
   * A delivery is kept at least the 4 days its retry schedule may take.
   */
  @Type(() => Number)
  @IsInt()
  @Min(4)
  @Max(3650)
  WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  EVENT_RETENTION_DAYS = 396;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  INBOX_RETENTION_DAYS = 180;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  SENT_MAIL_RETENTION_DAYS = 90;

  /** How long a mailed report link downloads its file, in days (7); the file goes a day after. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(365)
  REPORT_FILE_RETENTION_DAYS = 7;

  /**
   * Entries one events index document (a client's hour, an asset's day) holds before the next
   * part of that hour or day is opened (5000, about 0.5 MB): no document nears MongoDB's 16 MB.
   */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(50_000)
  EVENT_INDEX_PART_ENTRIES = 5000;

  /** How often uploads never referenced by an answer within 24 h are removed; 0 turns the sweep off. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(24 * 60)
  UPLOAD_SWEEP_MINUTES = 60;

  @Transform(toList)
  @IsUrl(url, { each: true })
  APP_ORIGINS: string[] = ['http://localhost:3000', 'http://localhost:5173'];

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

  @IsIn(['store', 'flespi'])
  TELEMETRY_SOURCE: 'store' | 'flespi' = 'store';

  @ValidateIf((env: Environment) => env.TELEMETRY_SOURCE === 'flespi')
  @IsUrl(url)
  FLESPI_URL = 'https://flespi.io';

  @ValidateIf((env: Environment) => env.TELEMETRY_SOURCE === 'flespi')
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

  /**
   * Telemetry moves the assets' odometer and engine hours as it is ingested (docs/maintenance.md).
   * `false` stops it on this instance — for a bulk import of history whose meters are then set by
   * readings; positions are stored as ever, and readings still work.
   */
  @Transform(toBoolean)
  @IsBoolean()
  METERS_FROM_TELEMETRY = true;

  /**
   * How often the instance that owns trackers writes the log's points into their buckets and
   * their states back (docs/telemetry.md, "Compaction"): longer means fewer bucket rewrites and a
   * longer log for readers to merge.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(300)
  TELEMETRY_COMPACT_SECONDS = 10;

  /** A tracker silent this long leaves the memory of the instance that owns it (read again at its next message). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1440)
  TELEMETRY_IDLE_MINUTES = 10;

  /**
   * Trackers are spread over this many partitions, each owned by one instance at a time
   * (docs/telemetry.md, "Many instances"). Fixed for a database: the first instance stores it,
   * and an instance configured otherwise uses the stored count (and says so).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(256)
  INGEST_PARTITIONS = 16;

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

  /** The web app's base URL: QR labels encode `{APP_URL}/qr/i/{code}`, its entry point for a scan. */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' ? DEFAULT_APP_URL : typeof value === 'string' ? value.replace(/\/+$/, '') : value,
  )
  @IsUrl(url)
  APP_URL = DEFAULT_APP_URL;

  /**
   * The API's own base URL as a mail's reader reaches it: a scheduled report too large to attach
   * is mailed as a link `{API_URL}/api/report-files/{token}`. Unset: `http://localhost:<the port
   * the app listens on>`, fit for a demo on one machine only.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' ? undefined : typeof value === 'string' ? value.replace(/\/+$/, '') : value,
  )
  @IsOptional()
  @IsUrl(url)
  API_URL?: string;

  /** The largest file a mail carries as an attachment (many SMTP relays refuse more than 10 MB); larger: a link. */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

  /**
   * The SMTP server mail goes through: `smtp://user:pass@host:port` or `smtps://…` (a pooled
   * transport). Unset outside production with the embedded database: a demo stand-in that keeps
   * each mail as an `.eml` file under `{DATA_DIR}/mail/`; unset otherwise: mail is not sent.
   */
  @Transform(emptyAsUnset)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] })
  SMTP_URL?: string;

  /**
   * Set by `npm start` (the demo stand-ins), not by hand: where the demo webhook receiver listens;
   * the demo clients' webhook endpoint is pointed at it at each start.
   */
  @Transform(emptyAsUnset)
  @IsOptional()
  @IsUrl(url)
  DEMO_WEBHOOK_RECEIVER_URL?: string;

  /** The sender of every mail. */
  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Fleet <alerts@fleet.localhost>';

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

  /** Seed the demo data when the embedded database starts empty (`npm start`). */
  @Transform(toBoolean)
  @IsBoolean()
  SEED_DEMO_ON_EMPTY = true;
}
