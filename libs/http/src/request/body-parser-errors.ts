import type { NextFunction, Request, Response } from 'express';
import { buildErrorBody } from '../errors/error-body';
import { STATUS_MESSAGES } from '../errors/http-status-messages';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  /** Set by zlib on a corrupt or truncated compressed body (`Z_DATA_ERROR`, brotli's `ERR_…`). */
  code?: string;
  errno?: number;
}

/** The encodings the JSON body parser inflates; any other `Content-Encoding` is 415. */
const DECOMPRESSED_ENCODINGS = new Set(['gzip', 'deflate', 'br', 'zstd']);

const MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body',
  'entity.too.large': STATUS_MESSAGES[413],
  'encoding.unsupported': 'Unsupported content encoding: send the body uncompressed or with Content-Encoding gzip, deflate or br',
  'charset.unsupported': 'Unsupported charset: send UTF-8 JSON',
  'content-type.unread': 'The body must be JSON sent with Content-Type: application/json',
  'request.aborted': 'Request aborted',
  'request.size.invalid': 'Request size did not match Content-Length',
};

/**
 * Express error middleware placed right after the body parser: its errors happen before Nest
 * routes the request, so they would otherwise reach Express's HTML error page.
 */
export function bodyParserErrorHandler(error: BodyParserError, req: Request, res: Response, next: NextFunction): void {
  const decompression = decompressionFailure(error, req);
  if (decompression) {
    res.status(400).json(buildErrorBody({ shape: 'A', message: decompression }));
    return;
  }
  const message = error.type ? MESSAGES[error.type] : undefined;
  if (!message) return next(error);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
  res.status(status).json(buildErrorBody({ shape: 'A', message }));
}

/**
 * A zlib error raised while inflating the body (corrupt or truncated gzip, deflate or brotli
 * data) reaches here as a bare stream error with no body-parser `type`: the caller's fault, 400.
 * (An inflated body over the limit is body-parser's `entity.too.large`, 413, above.)
 */
function decompressionFailure(error: BodyParserError, req: Request): string | undefined {
  if (error.type || typeof error.errno !== 'number' || typeof error.code !== 'string') return undefined;
  const encoding = String(req.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (!DECOMPRESSED_ENCODINGS.has(encoding)) return undefined;
  return `The request body could not be decompressed: it is not valid ${encoding} data`;
}
