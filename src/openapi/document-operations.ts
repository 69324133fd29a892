import type { OpenAPIObject, OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

export interface DocumentOperation {
  path: string;
  method: (typeof METHODS)[number];
  operation: OperationObject & Record<string, unknown>;
}

/** Every operation of the document, path by path (the walk each rewriting step of src/openapi makes). */
export function operationsOf(document: OpenAPIObject): DocumentOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method] as DocumentOperation['operation'] | undefined;
      return operation ? [{ path, method, operation }] : [];
    }),
  );
}
