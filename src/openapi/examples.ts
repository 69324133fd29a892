import type {
  MediaTypeObject,
  OpenAPIObject,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { sample } from 'openapi-sampler';
import { operationsOf } from './document-operations';
import { errorExample } from './error-examples';
import { documentIdSample, formatSample } from './format-samples';

const ERROR_SHAPE_REF = /^#\/components\/schemas\/ErrorShape([A-E])$/;

/**
 * An example request (its parameters and JSON body) and answer on every operation of the
 * document, for a reader (Swagger UI) and for Schemathesis, which sends the request examples as
 * valid requests. Bodies and success
 * answers are sampled from their schemas by openapi-sampler (Redoc's), which takes each field's
 * own `example` (the DTOs' and views' `@example` JSDoc) first; fields with a pattern or format
 * and no example of their own get one from the table of format samples. Error answers get an
 * example per shape they may take (`examples`, one per shape, where they may take several).
 * Every example is checked against its schema by test/e2e/openapi-examples.e2e-spec.ts.
 */
export function addExamples(document: OpenAPIObject): OpenAPIObject {
  fillFormatSamples(document);
  for (const { operation } of operationsOf(document)) {
    for (const parameter of (operation.parameters ?? []) as ParameterObject[]) {
      // A path or query parameter's example: together with the body's, a whole example request.
      if (parameter.schema && parameter.example === undefined && (parameter.schema as SchemaObject).example === undefined) {
        parameter.example = sample(parameter.schema as never, { quiet: true }, document);
      }
    }
    const body = (operation.requestBody as RequestBodyObject | undefined)?.content?.['application/json'];
    if (body?.schema && body.example === undefined && !body.examples) {
      body.example = sample(body.schema as never, { skipReadOnly: true, quiet: true }, document);
    }
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const json = (response as ResponseObject).content?.['application/json'];
      if (json?.schema && json.example === undefined && !json.examples) exampleAnswer(json, status, document);
    }
  }
  return document;
}

function exampleAnswer(json: MediaTypeObject, status: string, document: OpenAPIObject): void {
  const schema = json.schema as SchemaObject & { $ref?: string };
  const shapes = (schema.anyOf ?? schema.oneOf ?? [schema]).map((one) => ERROR_SHAPE_REF.exec((one as { $ref?: string }).$ref ?? '')?.[1]);
  if (Number(status) >= 400 && shapes.every((shape) => shape !== undefined)) {
    if (shapes.length === 1) json.example = errorExample(shapes[0], status);
    else json.examples = Object.fromEntries(shapes.map((shape) => [`shape${shape}`, { summary: `Shape ${shape}`, value: errorExample(shape, status) }]));
    return;
  }
  json.example = sample(schema as never, { skipWriteOnly: true, quiet: true }, document);
}

/** Gives every string schema with a pattern or format, and no example of its own, one from the table. */
function fillFormatSamples(document: OpenAPIObject): void {
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const schema = value as SchemaObject;
    if (schema.type === 'string' && schema.example === undefined) {
      const example = formatSample(schema);
      if (example !== undefined) schema.example = example;
    }
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, SchemaObject>)) {
      const target = property.type === 'array' ? (property.items as SchemaObject | undefined) : property;
      const example = target && target.example === undefined ? documentIdSample(name, target) : undefined;
      if (example !== undefined) target!.example = example;
    }
    Object.values(value).forEach(visit);
  };
  visit(document.components?.schemas);
  for (const { operation } of operationsOf(document)) {
    visit((operation.requestBody as RequestBodyObject | undefined)?.content);
    ((operation.parameters ?? []) as ParameterObject[]).forEach((parameter) => visit(parameter.schema));
    Object.values(operation.responses ?? {}).forEach((response) => visit((response as ResponseObject).content));
  }
}
