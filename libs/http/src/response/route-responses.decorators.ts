import { applyDecorators, HttpCode, Type } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { DeletedView } from './deleted.view';
import { PagedResponse } from './paged-body';

/** The 400 every list route documents for its query. */
export const BAD_LIST_QUERY = 'Unknown parameter or bad value (shape A)';

/** A route that creates: 201 with the new record. */
export const CreatedRecord = (type: Type<unknown>, description: string) => applyDecorators(HttpCode(201), ApiCreatedResponse({ type, description }));

/** A list route: one page of `item`, or 400 for an unknown parameter or a bad value. */
export const PagedList = (item: Type<unknown>) => applyDecorators(PagedResponse(item), ApiBadRequestResponse({ description: BAD_LIST_QUERY }));

/** A route on one record by id: 200 with `type`, or 404 (`notFound` says when). */
export const FoundRecord = (type: Type<unknown>, notFound: string) => applyDecorators(ApiOkResponse({ type }), ApiNotFoundResponse({ description: notFound }));

/** A `DELETE` by id: 200 with `{id}`, or 404 (`notFound` says when). */
export const DeletedRecord = (notFound: string) => FoundRecord(DeletedView, notFound);

/**
 * A multipart body of one file in `file` (described by `fileDescription`), with `fields` beside it
 * when the route reads some.
 */
export function FileUploadBody(fileDescription?: string, fields: Record<string, SchemaObject> = {}) {
  const file: SchemaObject = { type: 'string', format: 'binary', ...(fileDescription ? { description: fileDescription } : {}) };
  return applyDecorators(ApiConsumes('multipart/form-data'), ApiBody({ schema: { type: 'object', required: ['file'], properties: { file, ...fields } } }));
}
