import type { NextFunction, Request, Response } from 'express';
import { buildErrorBody } from '../errors/error-body';
import { STATUS_MESSAGES } from '../errors/http-status-messages';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

const MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body',
  'entity.too.large': STATUS_MESSAGES[413],
  'encoding.unsupported': 'Unsupported content encoding',
  'charset.unsupported': 'Unsupported charset: send UTF-8 JSON',
  'request.aborted': 'Request aborted',
  'request.size.invalid': 'Request size did not match Content-Length',
};

/**
 * Express error middleware placed right after the body parser: its errors happen before Nest
 * routes the request, so they would otherwise reach Express's HTML error page.
 */
export function bodyParserErrorHandler(error: BodyParserError, req: Request, res: Response, next: NextFunction): void {
  const message = error.type ? MESSAGES[error.type] : undefined;
  if (!message) return next(error);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
  res.status(status).json(buildErrorBody({ shape: 'A', message }));
}
