import { jsonBodyOperations, OpenApiDocument, SchemaNode } from './security/openapi-bodies';
import type { SweepRequest } from './security/security-fixtures';

type Scalar = string | number;

/**
 * Known values for Schemathesis (4.32), from a valid request to each operation (the security
 * sweep's, on the demo records), so that the run reaches existing records:
 * - path parameters are fixed (`[[operations]] parameters = { "path.id" = "…" }`): every case of
 *   `GET /api/drivers/{id}` reads the demo driver, of `GET /api/trips/{vendorId}` a real
 *   tracker's trips (unknown and malformed ids are the security sweep's cases);
 * - query values and top-level body values (scalars, and the items of arrays of scalars) are
 *   dictionaries bound with a probability (`{ dictionary, probability }`): about half of the
 *   generated cases take the known value (an asset of the client, a period the statistics
 *   accept, an active form), the rest are fuzzed as before. A value the schema refuses is only
 *   used in negative cases. Arrays whose items must be unique are left to the generator (it
 *   would fill them with copies of the one known item).
 */
export function knownValuesConfig(requests: SweepRequest[], document: OpenApiDocument, probability = 0.5): string {
  const bodies = new Map(jsonBodyOperations(document).map((operation) => [operation.route, operation.schema]));
  const lines: string[] = [];
  const operations: string[] = [];
  let next = 0;
  for (const request of requests) {
    const [method, template] = request.route.split(' ');
    const fixed = pathValues(template, request.path);
    const values = [
      ...queryValues(request.path).map(([name, value]): [string, Scalar[]] => [`query.${name}`, [value]]),
      ...bodyValues(request.body, propertiesOf(bodies.get(request.route), document)),
    ];
    if (!values.length && !fixed.length) continue;
    const bindings = fixed.map(([name, value]) => `${JSON.stringify(`path.${name}`)} = ${JSON.stringify(value)}`);
    for (const [key, entries] of values) {
      const dictionary = `known-${next++}`;
      lines.push(`[dictionaries.${dictionary}]`, `values = [${entries.map((value) => JSON.stringify(value)).join(', ')}]`, '');
      bindings.push(`${JSON.stringify(key)} = { dictionary = "${dictionary}", probability = ${probability} }`);
    }
    const name = `${method} ${template.replace(/:(\w+)/g, '{$1}')}`;
    operations.push('[[operations]]', `include-name = ${JSON.stringify(name)}`, `parameters = { ${bindings.join(', ')} }`, '');
  }
  return [...lines, ...operations].join('\n');
}

function pathValues(template: string, path: string): [string, string][] {
  const expected = template.split('/');
  const actual = path.split('?')[0].split('/');
  return expected.flatMap((segment, i) =>
    segment.startsWith(':') && actual[i] !== undefined ? [[segment.slice(1), decodeURIComponent(actual[i])] as [string, string]] : [],
  );
}

function queryValues(path: string): [string, string][] {
  const query = path.split('?')[1];
  return query ? [...new URLSearchParams(query).entries()] : [];
}

/** Top-level scalars as `body.name`, arrays of scalars as `body.name[*]` (their items) unless unique. */
function bodyValues(body: Record<string, unknown> | undefined, properties: Record<string, SchemaNode & { uniqueItems?: boolean }>): [string, Scalar[]][] {
  const isScalar = (value: unknown): value is Scalar => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
  return Object.entries(body ?? {}).flatMap(([key, value]): [string, Scalar[]][] => {
    if (isScalar(value)) return [[`body.${key}`, [value]]];
    if (Array.isArray(value) && value.length && value.every(isScalar) && !properties[key]?.uniqueItems) return [[`body.${key}[*]`, value]];
    return [];
  });
}

function propertiesOf(schema: SchemaNode | undefined, document: OpenApiDocument): Record<string, SchemaNode & { uniqueItems?: boolean }> {
  const resolved = schema?.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  return resolved?.properties ?? {};
}

/**
 * The requests to lists, each with a real cursor of its list added (`page.nextCursor` of its
 * first page of one record): a cursor the fuzzer makes up is always refused (400), so without
 * one a list reaches its logic only in the cases where the fuzzer leaves `cursor` out.
 */
export async function withListCursors(
  requests: SweepRequest[],
  document: { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> },
  firstPageCursor: (path: string) => Promise<string | null | undefined>,
): Promise<SweepRequest[]> {
  const paged = new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      item.get?.parameters?.some((p) => p.in === 'query' && p.name === 'cursor') ? [`GET ${path.replace(/\{(\w+)\}/g, ':$1')}`] : [],
    ),
  );
  return Promise.all(
    requests.map(async (request) => {
      if (!paged.has(request.route)) return request;
      const [base, query] = request.path.split('?');
      const params = new URLSearchParams(query);
      const cursor = await firstPageCursor(`${base}?limit=1`);
      if (!cursor) return request;
      params.set('cursor', cursor);
      return { ...request, path: `${base}?${params.toString()}` };
    }),
  );
}
