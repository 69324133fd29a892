import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { getMetadataStorage } from 'class-validator';
import { OBJECT_ID_PATTERN } from '@app/formats';
import { strictBodyClasses } from '@app/http';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Path parameters that are document ids (others — a tracker's `vendorId`, a QR `code` — are not). */
const OBJECT_ID_PATH_PARAMETERS = new Set(['id', 'userId', 'fuelTariffId']);

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
  const dtos = requestDtoClasses(app);
  for (const dto of dtos.values()) {
    const schema = schemas[dto.name];
    if (schema?.properties) applyPatterns(schema.properties as Record<string, SchemaObject>, dto);
  }
  for (const strict of strictBodyClasses()) markStrict(schemas, strict.name, new Set());
  for (const [operationId, queryDto] of queryDtosByOperation(app)) {
    const operation = findOperation(document, operationId);
    if (!operation) continue;
    const queries = ((operation.parameters ?? []) as ParameterObject[]).filter((p) => p.in === 'query');
    const properties = Object.fromEntries(queries.map((p) => [p.name, (p.schema ?? (p.schema = { type: 'string' })) as SchemaObject]));
    applyPatterns(properties, queryDto);
  }
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      for (const parameter of ((item[method] as OperationObject | undefined)?.parameters ?? []) as ParameterObject[]) {
        if (parameter.in === 'path' && OBJECT_ID_PATH_PARAMETERS.has(parameter.name)) {
          parameter.schema = { ...(parameter.schema as SchemaObject), type: 'string', pattern: OBJECT_ID_PATTERN.source };
        }
      }
    }
  }
  return document;
}

/** `@Matches(regexp)` without flags, on the class or its parents, as `pattern` (on `items` with `each`). */
function applyPatterns(properties: Record<string, SchemaObject>, dto: Function): void {
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const regexp = rule.constraints?.[0];
    const property = properties[rule.propertyName];
    if (rule.name !== 'matches' || !(regexp instanceof RegExp) || regexp.flags || !property || '$ref' in property) continue;
    const target = rule.each && property.items ? (property.items as SchemaObject) : property;
    target.pattern ??= regexp.source;
  }
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

interface RouteParameter { index: number; data?: unknown }

/** Every controller method's `@Body()` and `@Query()` DTO classes, by operation id (`Controller_method`). */
function routeDtos(app: INestApplication): { operationId: string; dto: Function; kind: 'body' | 'query' }[] {
  const found: { operationId: string; dto: Function; kind: 'body' | 'query' }[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Function | null;
      if (!controller?.prototype) continue;
      for (const key of Object.getOwnPropertyNames(controller.prototype)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}) as Record<string, RouteParameter>;
        const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, key) ?? []) as Function[];
        for (const [name, arg] of Object.entries(args)) {
          const kind = Number(name.split(':')[0]) === RouteParamtypes.BODY ? 'body' : Number(name.split(':')[0]) === RouteParamtypes.QUERY ? 'query' : undefined;
          const dto = types[arg.index];
          if (kind && arg.data === undefined && typeof dto === 'function' && ![Object, String].includes(dto as never)) {
            found.push({ operationId: `${controller.name}_${key}`, dto, kind });
          }
        }
      }
    }
  }
  return found;
}

function requestDtoClasses(app: INestApplication): Map<string, Function> {
  return new Map(routeDtos(app).filter((r) => r.kind === 'body').map((r) => [r.dto.name, r.dto]));
}

function queryDtosByOperation(app: INestApplication): Map<string, Function> {
  return new Map(routeDtos(app).filter((r) => r.kind === 'query').map((r) => [r.operationId, r.dto]));
}

function findOperation(document: OpenAPIObject, operationId: string): OperationObject | undefined {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) if (item[method]?.operationId === operationId) return item[method];
  }
  return undefined;
}
