import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

type JsonOptions = Parameters<typeof json>[0];

/** The bodies a route may read: JSON (parsed here) and multipart forms (the upload routes read them). */
const READ_BODY_TYPES = ['application/json', 'multipart/form-data'];

/** The `charset` parameter of a Content-Type, lower-case, or undefined when none is given. */
const charsetOf = (contentType: string | undefined) => /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1].toLowerCase();

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
    if (req.headers['content-length'] !== '0' && !req.is(READ_BODY_TYPES))
      return next(Object.assign(new Error('unread body type'), { type: 'content-type.unread', status: 400 }));
    // body-parser decodes any `utf-*` charset: a UTF-16 or UTF-7 body (in UTF-7 `+…-` encodes
    // characters) is read otherwise than a UTF-8 reader in front of the app reads it. UTF-8 only (415).
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
      return next(Object.assign(new Error('unsupported charset'), { type: 'charset.unsupported', status: 415 }));
    parse(req, res, next);
  };
}
