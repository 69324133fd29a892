import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { map, Observable } from 'rxjs';
import { ErrorShape } from '../errors/error-codes';
import { RAW_RESPONSE_KEY } from './raw-response.decorator';
import { ERROR_SHAPE_KEY, setRouteErrorShape } from './route-error-shape';

export interface SuccessEnvelope<T> {
  status: 'success';
  data: T;
}

/** Wraps every JSON answer as `{status: 'success', data}`; files and raw routes pass through. */
@Injectable()
export class ResponseEnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const targets = [context.getHandler(), context.getClass()];
    // Recorded now so that the exception filter, which cannot see the route, knows its shape.
    setRouteErrorShape(
      context.switchToHttp().getRequest<Request>(),
      this.reflector.getAllAndOverride<ErrorShape | undefined>(ERROR_SHAPE_KEY, targets),
    );
    if (this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE_KEY, targets)) return next.handle();
    return next
      .handle()
      .pipe(map((data) => (data instanceof StreamableFile ? data : { status: 'success', data: data ?? null })));
  }
}
