import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

type JsonOptions = Parameters<typeof json>[0];

/** The bodies a route may read: JSON (parsed here) and multipart forms (the upload routes read them). */
const READ_BODY_TYPES = ['application/json', 'multipart/form-data'];

/**
 * body-parser's JSON parser, called only for a request that announces a body (`Content-Length` or
 * `Transfer-Encoding`, the headers body-parser's own test reads). A request without either — every
 * GET — skips its per-request checks; the parser still decides everything about the others.
 * A body of another type (`curl -d` sends a form type; `text/plain`) would be skipped by the
 * parser and read as empty, and the route would answer "name must be a string" of a name that
 * was sent: it is refused here with what to send instead (400, `content-type.unread`).
 */
export function jsonBodyParser(options: JsonOptions): RequestHandler {
  const parse = json(options);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
    if (req.headers['content-length'] !== '0' && !req.is(READ_BODY_TYPES)) return next(Object.assign(new Error('unread body type'), { type: 'content-type.unread', status: 400 }));
    parse(req, res, next);
  };
}
