import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import { assignRequestId } from './request-id';

/** Structured JSON logs, one line per request, carrying the request id; credentials redacted. */
export function loggerOptions(level: string, destination: 'stdout' | 'stderr' = 'stdout'): Params {
  return {
    // Express 5 route syntax for "every path" (nestjs-pino's default `*` is the old syntax).
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: [{
      level,
      genReqId: assignRequestId,
      customProps: (req) => ({ requestId: req.id }),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
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
