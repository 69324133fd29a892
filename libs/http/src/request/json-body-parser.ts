import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

type JsonOptions = Parameters<typeof json>[0];

/**
 * body-parser's JSON parser, called only for a request that announces a body (`Content-Length` or
 * `Transfer-Encoding`, the headers body-parser's own test reads). A request without either — every
 * GET — skips its per-request checks; the parser still decides everything about the others.
 */
export function jsonBodyParser(options: JsonOptions): RequestHandler {
  const parse = json(options);
  return (req: Request, res: Response, next: NextFunction) =>
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined ? parse(req, res, next) : next();
}
