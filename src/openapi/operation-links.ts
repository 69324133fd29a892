import type {
  LinksObject,
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

const ITEM_METHODS = ['get', 'patch', 'delete', 'post'] as const;

/**
 * OpenAPI links from a collection to its records, so that a client (and Schemathesis' stateful
 * phase) can follow them: the record a `POST /api/x` created (`data.id` or `data._id`) and the
 * first record of the list `GET /api/x` answered (`data[0]`) lead to `GET`, `PATCH` and `DELETE`
 * `/api/x/{id}`, and to the operations under it that take that `{id}` alone (`POST
 * /api/maintenance/work-orders/{id}/transitions`).
 */
export function addOperationLinks(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject>;
  for (const [path, item] of Object.entries(document.paths)) {
    const targets = Object.entries(document.paths)
      .filter(([other]) => other.startsWith(`${path}/{id}`) && !other.slice(`${path}/{id}`.length).includes('{'))
      .flatMap(([other, otherItem]) =>
        ITEM_METHODS.flatMap((method) => {
          const operation = otherItem[method];
          return operation?.operationId
            ? [
                {
                  name: `${method}_${other
                    .slice(path.length)
                    .replace(/[^A-Za-z0-9]+/g, '_')
                    .replace(/^_|_$/g, '')}`,
                  operationId: operation.operationId,
                },
              ]
            : [];
        }),
      );
    if (!targets.length) continue;
    link(item.post, '201', schemas, '/data', targets);
    link(item.get, '200', schemas, '/data/0', targets);
  }
  return document;
}

function link(
  operation: OperationObject | undefined,
  status: string,
  schemas: Record<string, SchemaObject>,
  pointer: string,
  targets: { name: string; operationId: string }[],
): void {
  const response = operation?.responses?.[status] as ResponseObject | undefined;
  const data = (response?.content?.['application/json']?.schema as SchemaObject | undefined)?.properties?.data;
  const record = pointer.endsWith('/0') ? resolve((data as SchemaObject | undefined)?.items, schemas) : resolve(data, schemas);
  const key = record?.properties?.id ? 'id' : record?.properties?._id ? '_id' : undefined;
  if (!response || !key) return;
  const links: LinksObject = response.links ?? {};
  for (const target of targets) {
    links[target.name] = { operationId: target.operationId, parameters: { id: `$response.body#${pointer}/${key}` } };
  }
  response.links = links;
}

function resolve(schema: SchemaObject | ReferenceObject | undefined, schemas: Record<string, SchemaObject>): SchemaObject | undefined {
  if (!schema) return undefined;
  if ('$ref' in schema) return schemas[schema.$ref.replace('#/components/schemas/', '')];
  if (schema.allOf?.length === 1) return resolve(schema.allOf[0], schemas);
  return schema;
}
