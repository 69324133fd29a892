import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
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
  return envelopeOf(body);
}

function envelopeOf(body: unknown): object {
  if (body instanceof PagedBody) return { status: 'success', data: body.items, page: { nextCursor: body.nextCursor } };
  return { status: 'success', data: body ?? null } satisfies SuccessEnvelope<unknown>;
}

/**
 * Whether an envelope can be written as plain JSON, as `res.json` would write it, without Express:
 * a 2xx other than 204/205 with a body, to a request that is neither HEAD nor conditional (Express
 * may answer those 304 or without a body) and whose handler set no type of its own.
 */
function plainJsonAnswer(res: Response, statusCode: number): boolean {
  const { method, headers } = res.req;
  return (
    statusCode >= 200 &&
    statusCode < 300 &&
    statusCode !== 204 &&
    statusCode !== 205 &&
    method !== 'HEAD' &&
    headers['if-none-match'] === undefined &&
    headers['if-modified-since'] === undefined &&
    !res.hasHeader('content-type')
  );
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
    if (body instanceof StreamableFile || body instanceof RawBody) return super.reply(response, toResponseBody(body), statusCode);
    const res = response as Response;
    const envelope = envelopeOf(body);
    if (!plainJsonAnswer(res, statusCode ?? res.statusCode)) return super.reply(res, envelope, statusCode);
    // What res.json and res.send do for it (no JSON replacer, spaces or escape are set; ETags are
    // off), without their settings reads, status checks and content-type parse on each answer.
    const json = JSON.stringify(envelope);
    if (statusCode) res.statusCode = statusCode;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(json));
    return res.end(json, 'utf8');
  }
}
