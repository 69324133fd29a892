import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@app/config';
import { AppLogger, bodyParserErrorHandler, corsHeaders, jsonBodyParser, literalPathMethods, noStore, requestLogging, securityHeaders } from '@app/http';
import { AppMetrics, httpMetricsObserver } from '@app/metrics';
import { DOCS_PATH, setupOpenApi } from './openapi';
import { LAYERS_BODY_LIMIT, LAYERS_PATH } from './layers';
import { INGEST_BODY_LIMIT, INGEST_PATH } from './positions';

/** Large enough for a 1000-row driver import (~200-400 KB), small enough to refuse abuse. */
export const BODY_LIMIT = '1mb';

/**
 * Everything between Express and the Nest router, shared by `main`, the tests and the
 * benchmarks so that all of them run the same HTTP stack.
 */
export async function configureApp(app: INestApplication): Promise<void> {
  const express = app as NestExpressApplication;
  const config = app.get(AppConfig);
  const logger = app.get(AppLogger);
  express.useLogger(logger);
  express.use(requestLogging(logger.pino, httpMetricsObserver(app.get(AppMetrics))));
  express.set('trust proxy', config.get('TRUST_PROXY'));
  express.set('etag', false);
  express.disable('x-powered-by'); // helmet would remove it from every answer again
  express.use(noStore);
  express.use(securityHeaders(DOCS_PATH));
  express.use(corsHeaders({ origins: config.get('APP_ORIGINS'), exposedHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition'] }));
  // The flespi stream's batches (up to 20 MB) get their own parser, mounted first on that path
  // only: the global parser then sees a parsed body and steps aside.
  express.use(INGEST_PATH, jsonBodyParser({ limit: INGEST_BODY_LIMIT }));
  // A layer's GeoJSON (up to 5 MB) likewise.
  express.use(LAYERS_PATH, jsonBodyParser({ limit: LAYERS_BODY_LIMIT }));
  express.use(jsonBodyParser({ limit: BODY_LIMIT }));
  express.use(bodyParserErrorHandler);
  // Before the routes: a literal path's other methods must not fall to a `:id` route.
  express.use(literalPathMethods());
  express.setGlobalPrefix('api');
  express.enableShutdownHooks();
  await setupOpenApi(express);
}
