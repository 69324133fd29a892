import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { PagedBody } from './paged-body';
import { RawBody } from './raw-response.decorator';

export interface SuccessEnvelope<T> {
  status: 'success';
  data: T;
}

/** The body a handler's return value becomes: the envelope, except files and `@RawResponse()` routes. */
export function toResponseBody(body: unknown): unknown {
  if (body instanceof StreamableFile) return body;
  if (body instanceof RawBody) return body.value;
  if (body instanceof PagedBody) return { status: 'success', data: body.items, page: { nextCursor: body.nextCursor } };
  return { status: 'success', data: body ?? null } satisfies SuccessEnvelope<unknown>;
}

/**
 * Express adapter that wraps every handler result as `{status: 'success', data}` where Nest
 * writes it. Nest calls `reply` only for handler results (errors go through our exception
 * filter), so this is the envelope for all routes, without a global interceptor: an
 * interceptor puts an RxJS pipeline and two async-context bindings on every request
 * (docs/performance.md).
 */
export class EnvelopingExpressAdapter extends ExpressAdapter {
  override reply(response: unknown, body: unknown, statusCode?: number): unknown {
    return super.reply(response, toResponseBody(body), statusCode);
  }
}
