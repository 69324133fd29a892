import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '@app/config';
import { AppMetrics } from './app-metrics';

/**
 * `GET /metrics` in Prometheus's text format on a port of its own (`METRICS_PORT`), apart from
 * the API: it is not behind the API's load balancer, rate limits or logs, and a firewall or the
 * container network decides who reaches it; `METRICS_TOKEN` adds a bearer token on top.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: AppMetrics,
    private readonly config: AppConfig,
  ) {}

  /** The bound port (the tests listen on 0), once listening. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.get('METRICS_PORT');
    // A command beside the running app would take (or collide with) the app's metrics port.
    if (port === undefined || !this.config.runsBackgroundWork) return;
    const token = this.config.get('METRICS_TOKEN');
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return void res.writeHead(404).end();
      if (token && !bearerMatches(req, token)) return void res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      this.metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    this.server = server;
    const host = this.config.get('METRICS_HOST');
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
    this.logger.log(`Prometheus metrics on http://${host}:${this.port}/metrics${token ? ' (bearer token)' : ''}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
