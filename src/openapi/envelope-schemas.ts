import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { RAW_RESPONSE_EXTENSION } from '@app/http';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/**
 * The Swagger plugin describes what a handler returns; the enveloping Express adapter wraps JSON
 * answers as `{status: 'success', data}`. This rewrites the document's JSON success schemas
 * the same way (except on `@RawResponse()` operations), so the document matches the wire.
 */
export function wrapSuccessSchemas(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as (OperationObject & Record<string, unknown>) | undefined;
      if (!operation || operation[RAW_RESPONSE_EXTENSION]) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = (response as ResponseObject).content?.['application/json'];
        if (!status.startsWith('2') || !json?.schema) continue;
        json.schema = {
          type: 'object',
          required: ['status', 'data'],
          properties: { status: { type: 'string', enum: ['success'] }, data: json.schema },
        };
      }
    }
  }
  return document;
}
