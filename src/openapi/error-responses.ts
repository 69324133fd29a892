import type { OpenAPIObject, ParameterObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PERMISSION_EXTENSION } from '@app/auth';
import { operationsOf } from './document-operations';

/** The spec's error shapes (docs/spec/fleet-api.md "Errors"), referenced by the answers below. */
const ERROR_SCHEMAS = {
  ErrorShapeA: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
  ErrorShapeB: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  ErrorShapeC: {
    type: 'object',
    description: "The driver import's validation errors and 500s",
    required: ['status', 'message', 'errors'],
    properties: {
      status: { type: 'string', enum: ['failed'] },
      message: { type: 'string' },
      errors: {
        type: 'array',
        items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
      },
    },
  },
  ErrorShapeD: {
    type: 'object',
    description: 'A backend (the billing and support portal) is unavailable: code `PORTAL_UNAVAILABLE`',
    required: ['status', 'code', 'message', 'requestId'],
    properties: { status: { type: 'string', enum: ['failed'] }, code: { type: 'string' }, message: { type: 'string' }, requestId: { type: 'string' } },
  },
  ErrorShapeE: {
    type: 'object',
    description: 'Inspection QR errors: `INSPECTION_QR_NOT_FOUND`, `INSPECTION_QR_REVOKED`...',
    required: ['status', 'code', 'message'],
    properties: { status: { type: 'string', enum: ['failed'] }, code: { type: 'string' }, message: { type: 'string' } },
  },
};
type Shape = 'A' | 'B' | 'C' | 'D' | 'E';

const ref = (shape: Shape) => ({ $ref: `#/components/schemas/ErrorShape${shape}` });
const answer = (description: string, schema: Shape) => ({ description, content: { 'application/json': { schema: ref(schema) } } });

/**
 * Adds the answers an operation can give without declaring them — 401, 403 where a permission
 * applies, 429 and 500, unless the operation declares its own; 400 wherever the request has
 * input to validate (path or query parameters, a body), 404 wherever the path names a record;
 * and on operations with a JSON body, those of the body parser, which runs before any route:
 * 413 (over 1 MB, also once inflated) and 415 (unknown Content-Encoding or charset). Its 400s
 * (malformed JSON, a corrupt compressed body) are shape A like the operations' own.
 */
export function addErrorResponses(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...ERROR_SCHEMAS } };
  for (const { operation } of operationsOf(document)) {
    const responses = operation.responses ?? (operation.responses = {});
    const parameters = (operation.parameters ?? []) as ParameterObject[];
    if (operation.requestBody || parameters.some((p) => p.in === 'path' || p.in === 'query')) {
      responses['400'] ??= answer('Invalid input: a malformed, missing or unknown parameter or field (shape A)', 'A');
    }
    if (parameters.some((p) => p.in === 'path')) {
      responses['404'] ??= answer("No such record for the caller (another client's, outside the caller's trackers, or none) (shape A)", 'A');
    }
    if (operation.security?.length) {
      responses['401'] ??= answer('Missing, invalid, expired or revoked credentials (shape A)', 'A');
    }
    const permission = operation[PERMISSION_EXTENSION];
    if (typeof permission === 'string') {
      responses['403'] ??= answer(`The role lacks \`${permission}\` (shape A)`, 'A');
    }
    if (operation.requestBody) {
      responses['413'] ??= answer('Body over 1 MB, also when a compressed body inflates past it (shape A)', 'A');
      responses['415'] ??= answer('Content-Encoding other than gzip, deflate or br, or a charset other than UTF-8 (shape A)', 'A');
    }
    responses['429'] ??= answer('Rate limit reached; see Retry-After (shape A)', 'A');
    responses['500'] ??= answer('Internal error, without internals (shape B)', 'B');
    withDeclaredShapes(responses);
  }
  return document;
}

/**
 * An error answer declared by description only gets the shapes its description names ("shape
 * E", "shape A"; several make an `anyOf`,
 * not a `oneOf`: a body of shape C, D or E has B's `message` too, so it would match two), else A below 500 and B from 500.
 */
function withDeclaredShapes(responses: Record<string, unknown>): void {
  for (const [status, response] of Object.entries(responses)) {
    const declared = response as { description?: string; content?: unknown };
    if (Number(status) < 400 || declared.content) continue;
    const named = [...new Set([...(declared.description ?? '').matchAll(/shape ([A-E])\b/g)].map((m) => m[1] as Shape))];
    const shapes: Shape[] = named.length > 0 ? named : [Number(status) < 500 ? 'A' : 'B'];
    const schema = shapes.length === 1 ? ref(shapes[0]) : { anyOf: shapes.map(ref) };
    responses[status] = { description: declared.description ?? '', content: { 'application/json': { schema } } };
  }
}
