import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const RAW_RESPONSE_KEY = 'http:raw-response';
/** Marks the operation in OpenAPI so that its response schema is not wrapped in the envelope. */
export const RAW_RESPONSE_EXTENSION = 'x-raw-response';

/** The handler's return value is the whole body (the spec states a body other than the envelope). */
export const RawResponse = () => applyDecorators(SetMetadata(RAW_RESPONSE_KEY, true), ApiExtension(RAW_RESPONSE_EXTENSION, true));
