import type { INestApplication, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { OpenAPIObject, OperationObject, ParameterObject, RequestBodyObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { getMetadataStorage } from 'class-validator';
import { OBJECT_ID_PATTERN, TYPED_CODE_PATTERN } from '@app/formats';
import { acceptsNull, forbiddenTextCharacters, isMultiline, strictBodyClasses } from '@app/http';
import { controllerMethods } from './controller-methods';
import { operationsOf } from './document-operations';

/**
 * Path parameters are plain strings checked by the services: their formats by name. `id`s are
 * document ids; a tracker's `vendorId` and a trip's `tripId` are whole numbers (trips.service.ts).
 */
const PATH_PARAMETER_PATTERNS: Record<string, string> = {
  id: OBJECT_ID_PATTERN.source,
  userId: OBJECT_ID_PATTERN.source,
  fuelTariffId: OBJECT_ID_PATTERN.source,
  vendorId: String.raw`^\d{1,15}$`,
  tripId: String.raw`^\d{1,15}$`,
  // A scan is a QR code as typed or an asset id (parseScanTarget); a label's code, the former.
  code: `^(?:${OBJECT_ID_PATTERN.source.slice(1, -1)}|${TYPED_CODE_PATTERN.source.slice(1, -1)})$`,
};

/**
 * What the validators refuse, told in the document, so that a request valid by the schema is
 * accepted (Schemathesis' positive_data_acceptance) and a client can check before sending:
 * `additionalProperties: false` on the schemas of `@StrictBody()` DTOs and what they nest;
 * `pattern` of every `@Matches` (also inside composite validators such as `IsObjectIdString`,
 * which the Swagger plugin cannot see) on the DTOs' schemas and query parameters; the id
 * pattern on path parameters that are ids.
 */
export function addRequestConstraints(document: OpenAPIObject, app: INestApplication): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject>;
  const dtos = new Map([...validatedClasses(), ...strictBodyClasses().map((dto) => [dto.name, dto] as const), ...requestDtoClasses(app)]);
  for (const dto of dtos.values()) {
    const schema = schemas[dto.name];
    if (schema?.properties) applyPatterns(schema.properties as Record<string, SchemaObject>, dto, true);
  }
  for (const strict of strictBodyClasses()) markStrict(schemas, strict.name, new Set());
  for (const [operationId, queryDto] of queryDtosByOperation(app)) {
    const operation = findOperation(document, operationId);
    if (!operation) continue;
    const queries = ((operation.parameters ?? []) as ParameterObject[]).filter((p) => p.in === 'query');
    const properties = Object.fromEntries(queries.map((p) => [p.name, (p.schema ?? (p.schema = { type: 'string' })) as SchemaObject]));
    applyPatterns(properties, queryDto);
  }
  for (const { method, operation } of operationsOf(document)) {
    if (method === 'patch') requireSomeFieldToPatch(operation, schemas);
    for (const parameter of (operation.parameters ?? []) as ParameterObject[]) {
      if (parameter.in === 'path' && PATH_PARAMETER_PATTERNS[parameter.name]) {
        parameter.schema = { ...(parameter.schema as SchemaObject), type: 'string', pattern: PATH_PARAMETER_PATTERNS[parameter.name] };
      }
    }
  }
  return document;
}

/**
 * Every PATCH refuses an empty body ("Nothing to change: send at least one of …", each service):
 * a partial body with no required field states it as `minProperties: 1`.
 */
function requireSomeFieldToPatch(operation: OperationObject, schemas: Record<string, SchemaObject>): void {
  const body = (operation.requestBody as RequestBodyObject | undefined)?.content?.['application/json']?.schema;
  const name = body && '$ref' in body ? body.$ref.replace('#/components/schemas/', '') : undefined;
  const schema = name ? schemas[name] : undefined;
  if (schema && !schema.required?.length) schema.minProperties = 1;
}

/** A real calendar day `YYYY-MM-DD` from 1900 (`isIsoDay`): months of their length, 29 February in leap years. */
const ISO_DAY = String.raw`^(?:(?:19|[2-9]\d)\d{2}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:(?:19|[2-9]\d)(?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[3579][26])00)-02-29)$`;
/** `DD/MM/YYYY[ HH:mm[:ss]]` naming a real day (`isFleetDate`; 29/02 in leap years). */
const FLEET_DATE = String.raw`^(?:(?:(?:0[1-9]|1\d|2[0-8])/(?:0[1-9]|1[0-2])|(?:29|30)/(?:0[13-9]|1[0-2])|31/(?:0[13578]|1[02]))/\d{4}|29/02/(?:\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00))(?: (?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)?$`;
/** Validators (class-validator names) whose accepted strings a pattern states exactly; they win over `@Matches`. */
const PATTERN_OF_VALIDATOR: Record<string, string> = { isIsoDay: ISO_DAY, isFleetDate: FLEET_DATE };

/**
 * The class-validator rules of a DTO (and its parents) as JSON Schema keywords the Swagger plugin
 * cannot see inside composite validators: `@Matches` without flags and named validators as
 * `pattern` (on `items` with `each`), lengths, bounds, `@IsNotEmpty` (after trimming: at least
 * one non-space character), ISO 8601 as `date-time`. On bodies, `nullable` says exactly which
 * fields take `null`: those of `WhenSent({ nullable })` or `WhenSent({ nullAsAbsent })`, and any
 * left on `@IsOptional()` (which lets `null` through); every other field refuses it.
 */
function applyPatterns(properties: Record<string, SchemaObject>, dto: Type, inBody = false): void {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const named = new Set(rules.filter((rule) => (rule.name ?? '') in PATTERN_OF_VALIDATOR).map((rule) => rule.propertyName));
  for (const rule of rules) {
    const property = properties[rule.propertyName];
    if (!property || '$ref' in property) continue;
    const target = rule.each && property.items ? (property.items as SchemaObject) : property;
    const [first] = (rule.constraints ?? []) as unknown[];
    const name = rule.name ?? '';
    if (name in PATTERN_OF_VALIDATOR) target.pattern = PATTERN_OF_VALIDATOR[name];
    else if (name === 'matches' && first instanceof RegExp && !first.flags && !named.has(rule.propertyName)) target.pattern = first.source;
    else if (name === 'minLength' && typeof first === 'number') target.minLength ??= first;
    else if (name === 'maxLength' && typeof first === 'number') target.maxLength ??= first;
    else if (name === 'min' && typeof first === 'number') target.minimum ??= first;
    else if (name === 'max' && typeof first === 'number') target.maximum ??= first;
    else if (name === 'isNotEmpty' && target.type === 'string') target.pattern ??= String.raw`\S`;
    else if (name === 'isIso8601' && target.type === 'string') target.format ??= 'date-time';
    else if (name === 'isInt' && (target.type === 'number' || target.type === 'string')) target.type = 'integer';
    else if (name === 'arrayMinSize' && typeof first === 'number') property.minItems ??= first;
    else if (name === 'arrayMaxSize' && typeof first === 'number') property.maxItems ??= first;
    else if (name === 'arrayUnique') property.uniqueItems = true;
    else if (name === 'isOptional' && inBody) property.nullable = true;
  }
  if (inBody) {
    for (const [key, property] of Object.entries(properties)) {
      if (!acceptsNull(dto.prototype as object, key) || '$ref' in property) continue;
      property.nullable = true;
    }
  }
  // ISO 8601 restricted by a pattern to days (`YYYY-MM-DD`) is the `date` format, not `date-time`.
  for (const property of Object.values(properties)) {
    if (property.format === 'date-time' && property.pattern && !new RegExp(property.pattern, 'u').test('2026-11-15T08:30:00Z')) property.format = 'date';
  }
  for (const [key, property] of Object.entries(properties)) {
    const text = property.type === 'array' ? (property.items as SchemaObject | undefined) : property;
    if (text && !('$ref' in text) && text.type === 'string' && !text.enum) withoutControlCharacters(text, isMultiline(dto.prototype as object, key));
  }
}

/**
 * The text rule of every DTO string (control-characters.ts): no C0, DEL or C1 character, except
 * tab and line breaks in `@MultilineText()` fields, and no bidirectional control. A `@Matches`
 * pattern states its own alphabet; a non-blank one is kept as a look-ahead.
 */
function withoutControlCharacters(schema: SchemaObject, multiline: boolean): void {
  const allowed = `[^${forbiddenTextCharacters(multiline)}]`;
  if (schema.pattern === undefined) schema.pattern = `^${allowed}*$`;
  else if (schema.pattern === String.raw`\S`) schema.pattern = String.raw`^(?=[\s\S]*\S)` + `${allowed}*$`;
}

/** Unknown fields are refused at every depth of a strict body (forbidNonWhitelisted). */
function markStrict(schemas: Record<string, SchemaObject>, name: string, seen: Set<string>): void {
  const schema = schemas[name];
  if (!schema || seen.has(name)) return;
  seen.add(name);
  schema.additionalProperties = false;
  for (const refName of refsIn(schema)) markStrict(schemas, refName, seen);
}

function refsIn(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  const own = (value as { $ref?: unknown }).$ref;
  const here = typeof own === 'string' ? [own.replace('#/components/schemas/', '')] : [];
  return [...here, ...Object.values(value).flatMap(refsIn)];
}

interface RouteParameter {
  index: number;
  data?: unknown;
}

/** Every controller method's `@Body()` and `@Query()` DTO classes, by operation id (`Controller_method`). */
function routeDtos(app: INestApplication): { operationId: string; dto: Type; kind: 'body' | 'query' }[] {
  const found: { operationId: string; dto: Type; kind: 'body' | 'query' }[] = [];
  for (const { controller, key, operationId } of controllerMethods(app)) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}) as Record<string, RouteParameter>;
    const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, key) ?? []) as Type[];
    for (const [name, arg] of Object.entries(args)) {
      const paramtype = Number(name.split(':')[0]) as RouteParamtypes;
      const kind = paramtype === RouteParamtypes.BODY ? 'body' : paramtype === RouteParamtypes.QUERY ? 'query' : undefined;
      const dto = types[arg.index];
      if (kind && arg.data === undefined && typeof dto === 'function' && ![Object, String].includes(dto as never)) {
        found.push({ operationId, dto, kind });
      }
    }
  }
  return found;
}

function requestDtoClasses(app: INestApplication): Map<string, Type> {
  return new Map(
    routeDtos(app)
      .filter((r) => r.kind === 'body')
      .map((r) => [r.dto.name, r.dto]),
  );
}

/** Every class with class-validator rules (bodies and what they nest), by name — the schema's name. */
function validatedClasses(): Map<string, Type> {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Type, unknown[]> };
  return new Map([...storage.validationMetadatas.keys()].map((target) => [target.name, target]));
}

function queryDtosByOperation(app: INestApplication): Map<string, Type> {
  return new Map(
    routeDtos(app)
      .filter((r) => r.kind === 'query')
      .map((r) => [r.operationId, r.dto]),
  );
}

function findOperation(document: OpenAPIObject, operationId: string): OperationObject | undefined {
  return operationsOf(document).find(({ operation }) => operation.operationId === operationId)?.operation;
}
