import type { OpenAPIObject, OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PERMISSION_EXTENSION } from '@app/auth';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The spec's error shapes, referenced by the answers below. */
const ERROR_SCHEMAS = {
  ErrorShapeA: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
  ErrorShapeB: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  // The inspection QR errors (`INSPECTION_QR_*`).
  ErrorShapeE: {
    type: 'object',
    required: ['status', 'code', 'message'],
    properties: { status: { type: 'string', enum: ['failed'] }, code: { type: 'string' }, message: { type: 'string' } },
  },
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
 * An error answer an operation declared by description only gets its shape: the shapes its
 * description names ("(shape E)", "… shape A", one or several of A, B, E), else A below 500 and B
 * from 500.
 */
function withDefaultShapes(responses: Record<string, unknown>): void {
  for (const [status, response] of Object.entries(responses)) {
    const declared = response as { description?: string; content?: unknown };
    if (Number(status) < 400 || declared.content) continue;
    const description = declared.description ?? '';
    const named = [...new Set([...description.matchAll(/shape ([A-E])\b/g)].map((match) => `ErrorShape${match[1]}`))]
      .filter((name): name is keyof typeof ERROR_SCHEMAS => name in ERROR_SCHEMAS);
    const shapes = named.length > 0 ? named : [Number(status) < 500 ? 'ErrorShapeA' as const : 'ErrorShapeB' as const];
    responses[status] = shapes.length === 1
      ? answer(description, shapes[0])
      : { description, content: { 'application/json': { schema: { anyOf: shapes.map((shape) => ({ $ref: `#/components/schemas/${shape}` })) } } } };
  }
}
