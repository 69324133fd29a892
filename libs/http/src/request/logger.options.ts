import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import { assignRequestId } from './request-id';

/**
 * Structured JSON logs, one line per request. The request id is `req.id` on every line (nestjs-pino
 * binds the request to service logs too). Headers are never serialized, so credentials cannot
 * reach the logs and no per-line redaction pass is needed (it cost a third of a cheap request).
 */
export function loggerOptions(level: string, destination: 'stdout' | 'stderr' = 'stdout'): Params {
  return {
    // Express 5 route syntax for "every path" (nestjs-pino's default `*` is the old syntax).
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: [{
      level,
      genReqId: assignRequestId,
      serializers: {
        req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }, pino.destination({ fd: destination === 'stderr' ? 2 : 1, sync: false })],
  };
}
