import { Inject, Injectable } from '@nestjs/common';
import { Environment } from './environment';

/** `server`: the long-running app; `command`: a one-shot command line call. */
export type ProcessKind = 'server' | 'command';
export const PROCESS_KIND = Symbol('PROCESS_KIND');

/** Typed, read-only view of the validated environment. */
@Injectable()
export class AppConfig {
  private cookieName?: string;

  constructor(
    private readonly env: Environment,
    @Inject(PROCESS_KIND) private readonly processKind: ProcessKind,
  ) {}

  get<K extends keyof Environment>(key: K): Environment[K] {
    return this.env[key];
  }

  /**
   * False in a one-shot command: boot hooks that start timers, listeners or catch-up jobs return at
   * once there, so a command neither waits for them nor does the server's work behind its back.
   */
  get runsBackgroundWork(): boolean {
    return this.processKind === 'server';
  }

  get isProduction(): boolean {
    return this.get('NODE_ENV') === 'production';
  }

  /** A retention period (`…_RETENTION_DAYS`) in ms. */
  retentionMs(
    key: 'WEBHOOK_DELIVERY_RETENTION_DAYS' | 'EVENT_RETENTION_DAYS' | 'INBOX_RETENTION_DAYS' | 'SENT_MAIL_RETENTION_DAYS' | 'REPORT_FILE_RETENTION_DAYS',
  ): number {
    return this.get(key) * 86_400_000;
  }

  /** Whether the database's commands are counted: metrics served (METRICS_PORT) and METRICS_DATABASE_COMMANDS on. */
  get countsDatabaseCommands(): boolean {
    return this.get('METRICS_PORT') !== undefined && this.get('METRICS_DATABASE_COMMANDS');
  }

  /** READ_CACHE_TTL_SECONDS in ms: the lifetime of the forms, QR code and asset caches. */
  get readCacheTtlMs(): number {
    return this.get('READ_CACHE_TTL_SECONDS') * 1000;
  }

  /** WEBHOOK_ALLOWED_NETWORKS with its default: the loopback networks outside production, none in production. */
  get webhookAllowedNetworks(): string[] {
    return this.get('WEBHOOK_ALLOWED_NETWORKS') ?? (this.isProduction ? [] : ['127.0.0.0/8', '::1/128']);
  }

  /** The cookie name carries the `__Secure-` prefix in production (browsers then demand `Secure`). */
  get sessionCookieName(): string {
    // Read on every authenticated request; the environment does not change while the app runs.
    this.cookieName ??= this.isProduction ? `__Secure-${this.get('SESSION_COOKIE_NAME')}` : this.get('SESSION_COOKIE_NAME');
    return this.cookieName;
  }
}
