import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:net';
import { AppConfig } from '@app/config';

/**
 * The API's base URL as a mail's reader reaches it: API_URL when set (production: the public
 * address); otherwise this instance on localhost at the port it really listens on — not the
 * default 3000 when PORT says otherwise, nor a port 0 before the system chose one.
 */
@Injectable()
export class ApiBaseUrl {
  constructor(
    private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  get(): string {
    const configured = this.config.get('API_URL');
    if (configured) return configured;
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    const address = server?.address();
    const port = address && typeof address === 'object' ? address.port : this.config.get('PORT');
    return `http://localhost:${port}`;
  }
}
