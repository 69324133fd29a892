import { Injectable } from '@nestjs/common';
import { Environment } from './environment';

/** Typed, read-only view of the validated environment. */
@Injectable()
export class AppConfig {
  private cookieName?: string;

  constructor(private readonly env: Environment) {}

  get<K extends keyof Environment>(key: K): Environment[K] {
    return this.env[key];
  }

  get isProduction(): boolean {
    return this.get('NODE_ENV') === 'production';
  }

  /** READ_CACHE_TTL_SECONDS in ms: the lifetime of the forms, QR code and asset caches. */
  get readCacheTtlMs(): number {
    return this.get('READ_CACHE_TTL_SECONDS') * 1000;
  }

  /** The cookie name carries the `__Secure-` prefix in production (browsers then demand `Secure`). */
  get sessionCookieName(): string {
    // Read on every authenticated request; the environment does not change while the app runs.
    this.cookieName ??= this.isProduction ? `__Secure-${this.get('SESSION_COOKIE_NAME')}` : this.get('SESSION_COOKIE_NAME');
    return this.cookieName;
  }
}
