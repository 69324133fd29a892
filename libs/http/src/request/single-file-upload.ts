import { CallHandler, ExecutionContext, Injectable, mixin, NestInterceptor, Type, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { Observable } from 'rxjs';
import { multipartFailure } from './multipart-errors';

/** The part of multer's file an upload route reads (memory storage: the bytes are in `buffer`). */
export interface UploadedFileBytes {
  originalname: string;
  size: number;
  buffer: Buffer;
}

export interface SingleFileUploadOptions {
  /** The multipart field that holds the file. */
  field: string;
  maxBytes: number;
  /** The 413 message for a larger file. */
  tooLarge: string;
  /** Small text fields allowed beside the file (default 5). */
  fields?: number;
}

/** Multer's limits for one file and a few small fields: anything more is refused while reading. */
export const singleFileLimits = ({ maxBytes, fields = 5 }: Pick<SingleFileUploadOptions, 'maxBytes' | 'fields'>) => ({
  fileSize: maxBytes,
  files: 1,
  fields,
  fieldSize: 1024,
  parts: fields + 3,
  headerPairs: 20,
});

/**
 * Nest's file interceptor (memory storage) for one file in `field`, whose every failure is an
 * answer of shape A: over `maxBytes` → 413 `tooLarge`; several files, another field, a broken
 * multipart body → 400 (`multipartFailure`), never the 500 an unmapped parser error would be.
 */
export function singleFileInterceptor(options: SingleFileUploadOptions): Type<NestInterceptor> {
  const Multer = FileInterceptor(options.field, { limits: singleFileLimits(options) });
  @Injectable()
  class SingleFileInterceptor extends Multer {
    override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await super.intercept(context, next);
      } catch (error) {
        throw multipartFailure(error, { field: options.field, tooLarge: options.tooLarge });
      }
    }
  }
  return mixin(SingleFileInterceptor);
}

/** A route decorator reading one file upload (see `singleFileInterceptor`). */
export const SingleFileUpload = (options: SingleFileUploadOptions) => UseInterceptors(singleFileInterceptor(options));
