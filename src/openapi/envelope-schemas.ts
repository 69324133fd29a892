import type { OpenAPIObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PAGED_RESPONSE_EXTENSION, RAW_RESPONSE_EXTENSION } from '@app/http';
import { operationsOf } from './document-operations';

/** `page` beside `data` in a list's answer. */
const PAGE_SCHEMA = {
  type: 'object',
  required: ['nextCursor'],
  properties: { nextCursor: { type: 'string', nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' } },
};

/**
 * The Swagger plugin describes what a handler returns; the enveloping Express adapter wraps JSON
 * answers as `{status: 'success', data}`. This rewrites the document's JSON success schemas
 * the same way (except on `@RawResponse()` operations), so the document matches the wire.
 */
export function wrapSuccessSchemas(document: OpenAPIObject): OpenAPIObject {
  for (const { operation } of operationsOf(document)) {
    if (operation[RAW_RESPONSE_EXTENSION]) continue;
    const paged = operation[PAGED_RESPONSE_EXTENSION] === true;
    delete operation[PAGED_RESPONSE_EXTENSION];
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const json = (response as ResponseObject).content?.['application/json'];
      if (!status.startsWith('2') || !json?.schema) continue;
      json.schema = {
        type: 'object',
        required: paged ? ['status', 'data', 'page'] : ['status', 'data'],
        properties: {
          status: { type: 'string', enum: ['success'] },
          data: json.schema,
          ...(paged ? { page: PAGE_SCHEMA } : {}),
        },
      };
    }
  }
  return document;
}
