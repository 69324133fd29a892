import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';
import { assignRequestId } from '../request/request-id';
import { loggableUrl } from './loggable-url';
import { requestLineWriter } from './request-line';

/**
 * First middleware of the stack: gives the request its id and writes one line when the response
 * is finished (or the client went away). It keeps no per-request logger and no async context:
 * on Node 20 an AsyncLocalStorage turns on promise hooks for every promise of the process, and
 * pino-http's per-request child logger plus that hook cost about a third of a cheap request
 * (docs/performance.md). Code that logs about a request passes its request id explicitly.
 * `observe` (the request metrics, when they are on) hears every finished request from the same
 * listener.
 */
export function requestLogging(logger: PinoLogger, observe?: (req: Request, res: Response, durationMs: number) => void): RequestHandler {
  const writeLine = requestLineWriter(logger);
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = performance.now();
    req.id = assignRequestId(req, res);
    // 'close' comes once per response, after 'finish' when it was sent, alone when the client left.
    res.once('close', () => {
      // A client that leaves an answer under way (a live stream, a download) ended it: that is
      // how an event stream ends, not an error. Leaving before any answer still is.
      const statusCode = res.writableFinished || res.headersSent ? res.statusCode : undefined;
      const durationMs = performance.now() - startedAt;
      observe?.(req, res, durationMs);
      const level = statusCode === undefined || statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      writeLine(level, {
        reqId: req.id!,
        method: req.method,
        url: loggableUrl(req.originalUrl),
        remoteAddress: req.socket.remoteAddress,
        statusCode,
        responseTime: Math.round(durationMs),
        msg: statusCode === undefined ? 'request aborted' : res.writableFinished ? 'request completed' : 'response ended by the client',
      });
    });
    next();
  };
}
