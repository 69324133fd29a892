import type { OpenAPIObject, OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PERMISSION_EXTENSION } from '@app/auth';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The spec's error shapes, referenced by the answers below. */
const ERROR_SCHEMAS = {
  ErrorShapeA: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
  ErrorShapeB: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
};

const answer = (description: string, schema: keyof typeof ERROR_SCHEMAS) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/**
 * Adds the answers every authenticated operation can give — 401, 403 where a permission
 * applies, 429 and 500 — unless the operation declares its own; and on operations with a JSON
 * body, those of the body parser, which runs before any route: 413 (over 1 MB, also once
 * inflated) and 415 (unknown Content-Encoding or charset). Its 400s (malformed JSON, a corrupt
 * compressed body) are shape A like the operations' own.
 */
export function addErrorResponses(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...ERROR_SCHEMAS } };
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as (OperationObject & Record<string, unknown>) | undefined;
      if (!operation) continue;
      const responses = operation.responses ?? (operation.responses = {});
      if (operation.security?.length) {
        responses['401'] ??= answer('Missing, invalid, expired or revoked credentials (shape A)', 'ErrorShapeA');
      }
      const permission = operation[PERMISSION_EXTENSION];
      if (typeof permission === 'string') {
        responses['403'] ??= answer(`The role lacks \`${permission}\` (shape A)`, 'ErrorShapeA');
      }
      if (operation.requestBody) {
        responses['413'] ??= answer('Body over 1 MB, also when a compressed body inflates past it (shape A)', 'ErrorShapeA');
        responses['415'] ??= answer('Content-Encoding other than gzip, deflate or br, or a charset other than UTF-8 (shape A)', 'ErrorShapeA');
      }
      responses['429'] ??= answer('Rate limit reached; see Retry-After (shape A)', 'ErrorShapeA');
      responses['500'] ??= answer('Internal error, without internals (shape B)', 'ErrorShapeB');
      withDefaultShapes(responses);
    }
  }
  return document;
}

/**
 * 413 and 415 come from the body parser, before any route: shape A whatever the operation, also
 * when it declared them by description only (an upload's own size limit).
 */
function withDefaultShapes(responses: Record<string, unknown>): void {
  for (const status of ['413', '415']) {
    const declared = responses[status] as { description?: string; content?: unknown } | undefined;
    if (declared && !declared.content) responses[status] = answer(declared.description ?? '', 'ErrorShapeA');
  }
}
