import { applyDecorators, CallHandler, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { map, Observable } from 'rxjs';

/** Marks the operation in OpenAPI so that its response schema is not wrapped in the envelope. */
export const RAW_RESPONSE_EXTENSION = 'x-raw-response';

/** A handler result sent as the whole body (see EnvelopingExpressAdapter). */
export class RawBody {
  constructor(readonly value: unknown) {}
}

@Injectable()
class RawResponseInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<RawBody> {
    return next.handle().pipe(map((value: unknown) => new RawBody(value)));
  }
}

/** The handler's return value is the whole body (the spec states a body other than the envelope). */
export const RawResponse = () => applyDecorators(ApiExtension(RAW_RESPONSE_EXTENSION, true), UseInterceptors(RawResponseInterceptor));
