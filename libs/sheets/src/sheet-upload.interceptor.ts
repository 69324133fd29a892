import { CallHandler, ExecutionContext, Injectable, NestInterceptor, Type, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { Observable } from 'rxjs';
import { multipartFailure } from '@app/http';
import { MAX_UPLOAD_BYTES } from './sheet-limits';

/** The part of multer's file the preview reads (memory storage: the bytes are in `buffer`). */
export interface UploadedSheet {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** The upload's form field. */
export const SHEET_FIELD = 'file';

// Memory storage (multer's default): at most one 5 MB file, and a few small fields besides.
const Multer: Type<NestInterceptor> = FileInterceptor(SHEET_FIELD, {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 20 },
});

/**
 * Nest's file interceptor with the preview's limits, whose every failure is an answer of the
 * spec's shape A: a file over 5 MB is 413; several files, another field name, a broken multipart
 * body (anything multer or busboy refuses) 400 — never the 500 an unmapped parser error would be.
 */
@Injectable()
class SheetUploadInterceptor extends Multer {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      throw uploadError(error);
    }
  }
}

function uploadError(error: unknown) {
  return multipartFailure(error, {
    field: SHEET_FIELD,
    tooLarge: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: split the sheet into smaller files.`,
  });
}

/** Reads one spreadsheet upload from the field `file` (see SheetUploadInterceptor). */
export const SheetUpload = () => UseInterceptors(SheetUploadInterceptor);
