import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { Observable } from 'rxjs';
import { AppConfig } from '@app/config';
import { multipartFailure, singleFileLimits, type UploadedFileBytes } from '@app/http';

/** The part of multer's file an upload reads (memory storage: the bytes are in `buffer`). */
export type ReceivedFile = UploadedFileBytes;

export const UPLOAD_FIELD = 'file';

/**
 * Nest's file interceptor built with `UPLOAD_MAX_BYTES` (read when the app starts, hence not a
 * decorator argument): one file in `file`, a few small fields besides. Over the size → 413, several
 * files or another field → 400, both shape A (`multipartFailure`).
 */
@Injectable()
class UploadFileInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;
  private readonly maxBytes: number;

  constructor(config: AppConfig) {
    this.maxBytes = config.get('UPLOAD_MAX_BYTES');
    const Multer = FileInterceptor(UPLOAD_FIELD, { limits: singleFileLimits({ maxBytes: this.maxBytes }) });
    this.multer = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      const limit = this.maxBytes >= 1024 * 1024 ? `${+(this.maxBytes / 1024 / 1024).toFixed(1)} MB` : `${this.maxBytes} bytes`;
      throw multipartFailure(error, { field: UPLOAD_FIELD, tooLarge: `The file is larger than ${limit}` });
    }
  }
}

/** Reads one file from the multipart field `file` (see UploadFileInterceptor). */
export const UploadFile = () => UseInterceptors(UploadFileInterceptor);
