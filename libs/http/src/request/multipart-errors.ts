import { HttpException, PayloadTooLargeException } from '@nestjs/common';
import { badRequest, DomainException, ErrorCode } from '@app/errors';

/**
 * What a failure of Nest's file interceptor (multer, busboy) answers, in the spec's shape A: a
 * file over the limit is 413 with `tooLarge`; several files, another field name, a broken
 * multipart body 400 naming the field to use — never the 500 an unmapped parser error would be.
 * Used by every single-file upload route (driver sheets, inspection photos).
 */
export function multipartFailure(error: unknown, { field, tooLarge }: { field: string; tooLarge: string }): DomainException {
  if (error instanceof PayloadTooLargeException) return new DomainException(ErrorCode.PayloadTooLarge, tooLarge);
  const detail = error instanceof HttpException || error instanceof Error ? error.message : String(error);
  return badRequest(`The upload could not be read (${detail}): send one file in the multipart/form-data field "${field}".`);
}
