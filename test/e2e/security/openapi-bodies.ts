/** Just what the sweeps read of an OpenAPI 3.0 document. */
export interface SchemaNode {
  $ref?: string;
  nullable?: boolean;
  type?: string;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
}
interface OperationNode {
  requestBody?: { content?: Record<string, { schema?: SchemaNode; example?: unknown }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationNode>>;
  components: { schemas: Record<string, SchemaNode> };
}

/** A JSON body operation, named as the sweeps' fixtures name routes (`PATCH /api/drivers/:id`). */
export interface BodyOperation {
  route: string;
  schema: SchemaNode;
  example: unknown;
}

/** Every POST and PATCH of the document whose body is JSON. */
export function jsonBodyOperations(doc: OpenApiDocument): BodyOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['post', 'patch'] as const).flatMap((method) => {
      const media = item[method]?.requestBody?.content?.['application/json'];
      if (!media?.schema) return [];
      const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      return [{ route, schema: media.schema, example: media.example }];
    }),
  );
}

/** A place in a body: property names, and `[]` for every item of an array. */
export type BodyPath = string[];

/** The paths of every property the schema marks `nullable`, at any depth (through `$ref`, `allOf`…, array items). */
export function nullablePaths(doc: OpenApiDocument, schema: SchemaNode, at: BodyPath = [], seen = new Set<string>()): BodyPath[] {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    return nullablePaths(doc, doc.components.schemas[name] ?? {}, at, new Set(seen).add(name));
  }
  const found: BodyPath[] = [];
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) found.push(...nullablePaths(doc, part, at, seen));
  if (schema.items) found.push(...nullablePaths(doc, schema.items, [...at, '[]'], seen));
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.nullable) found.push([...at, name]);
    found.push(...nullablePaths(doc, property, [...at, name], seen));
  }
  return found.filter((path, i) => found.findIndex((other) => other.join('.') === path.join('.')) === i);
}

/**
 * `body` with `null` at each of `paths`. Objects missing on the way are created; an array missing
 * or empty on the way takes the items of the same array in `example` (the document's example).
 */
export function withNulls(body: unknown, paths: BodyPath[], example: unknown): unknown {
  const copy = structuredClone(body ?? {});
  for (const path of paths) setNull(copy, path, example);
  return copy;
}

function setNull(target: unknown, path: BodyPath, example: unknown): void {
  const [head, ...rest] = path;
  if (!target || typeof target !== 'object') return;
  if (head === '[]') {
    const items = target as unknown[];
    items.forEach((item, i) => (rest.length ? setNull(item, rest, (example as unknown[] | undefined)?.[0]) : (items[i] = null)));
    return;
  }
  const record = target as Record<string, unknown>;
  const exampleValue = (example as Record<string, unknown> | undefined)?.[head];
  if (!rest.length) {
    record[head] = null;
    return;
  }
  if (rest[0] === '[]' && (!Array.isArray(record[head]) || !(record[head] as unknown[]).length)) {
    record[head] = Array.isArray(exampleValue) && exampleValue.length ? structuredClone(exampleValue) : [{}];
  } else if (!record[head] || typeof record[head] !== 'object') {
    record[head] = {};
  }
  setNull(record[head], rest, exampleValue);
}

/** The properties of an object body (through `$ref` and `allOf`), with whether each is nullable. */
export function topLevelProperties(doc: OpenApiDocument, schema: SchemaNode): { name: string; nullable: boolean }[] {
  const resolved = schema.$ref ? (doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {}) : schema;
  const own = Object.entries(resolved.properties ?? {}).map(([name, property]) => ({ name, nullable: property.nullable === true }));
  return [...own, ...(resolved.allOf ?? []).flatMap((part) => topLevelProperties(doc, part))];
}

export const pathLabel = (path: BodyPath): string => path.join('.').replace(/\.\[\]/g, '[]');

/** A field of a body, at any depth through objects (not through arrays). */
export interface BodyField {
  path: BodyPath;
  /** The field's schema, `$ref` and `allOf` followed. */
  schema: SchemaNode;
  /** Named in its object's `required`. */
  required: boolean;
}

/** A schema with its `$ref` followed and its `allOf` parts merged (properties and required). */
export function resolved(doc: OpenApiDocument, schema: SchemaNode): SchemaNode {
  const own = schema.$ref ? resolved(doc, doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {}) : schema;
  const parts = (own.allOf ?? []).map((part) => resolved(doc, part));
  if (!parts.length) return own;
  return parts.reduce<SchemaNode>(
    (merged, part) => ({
      ...part,
      ...merged,
      properties: { ...part.properties, ...merged.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    { ...own, allOf: undefined },
  );
}

/** Every field of an object body and of the objects inside it. */
export function bodyFields(doc: OpenApiDocument, schema: SchemaNode, at: BodyPath = [], seen = new Set<string>()): BodyField[] {
  const object = resolved(doc, schema);
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
    const ref = property.$ref ?? property.allOf?.[0]?.$ref;
    if (ref && seen.has(ref)) return [];
    const field = { path: [...at, name], schema: resolved(doc, property), required: (object.required ?? []).includes(name) };
    const inner = field.schema.properties ? bodyFields(doc, field.schema, field.path, ref ? new Set(seen).add(ref) : seen) : [];
    return [field, ...inner];
  });
}

/** `body` with the field at `path` left out (`value` undefined) or set to `value`; undefined when its parent object is not in the body. */
export function withField(body: unknown, path: BodyPath, value?: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  let parent: unknown = copy;
  for (const name of path.slice(0, -1)) {
    parent = (parent as Record<string, unknown>)[name];
    if (!parent || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
  }
  const last = path[path.length - 1];
  if (value === undefined) delete (parent as Record<string, unknown>)[last];
  else (parent as Record<string, unknown>)[last] = value;
  return copy;
}
