import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtension, ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

/**
 * A page of a list (docs/design.md, "The platform around the nineteen operations"): answered as
 * `{status: 'success', data: [...items], page: {nextCursor}}`.
 */
export class PagedBody<T> {
  constructor(
    readonly items: T[],
    readonly nextCursor: string | null,
  ) {}

  /** From a repository page: its records shaped by the view function. */
  static of<R, T>(page: { items: R[]; nextCursor: string | null }, toView: (record: R) => T): PagedBody<T> {
    return new PagedBody(page.items.map(toView), page.nextCursor);
  }
}

/** OpenAPI marker read by the document's envelope step: this operation answers a page. */
export const PAGED_RESPONSE_EXTENSION = 'x-paged-response';

/** A list route's 200: an array of `item` in `data`, and `page.nextCursor` beside it. */
export function PagedResponse(item: Type<unknown>, description = 'One page, newest first unless the operation says otherwise'): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(item),
    ApiOkResponse({ description, schema: { type: 'array', items: { $ref: getSchemaPath(item) } } }),
    ApiExtension(PAGED_RESPONSE_EXTENSION, true),
  );
}
