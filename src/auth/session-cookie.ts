import { Injectable } from '@nestjs/common';
import type { CookieOptions, Response } from 'express';
import { AppConfig } from '@app/config';

/** The web app's session cookie: HttpOnly, SameSite=Lax, `Secure` and `__Secure-` in production. */
@Injectable()
export class SessionCookie {
  constructor(private readonly config: AppConfig) {}

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.isProduction, path: '/' };
  }

  set(response: Response, token: string, expiresAt: Date): void {
    response.cookie(this.config.sessionCookieName, token, { ...this.options(), expires: expiresAt });
  }

  clear(response: Response): void {
    response.clearCookie(this.config.sessionCookieName, this.options());
  }
}
