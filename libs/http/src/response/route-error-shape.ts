import { CallHandler, ExecutionContext, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import type { ErrorShape } from '@app/errors';

const ROUTE_SHAPE = Symbol('route-error-shape');
type RequestWithShape = Request & { [ROUTE_SHAPE]?: ErrorShape };

/**
 * Records the route's error shape on the request before pipes run, so that the exception
 * filter (which cannot see the route) answers validation errors and 500s in it. Only the
 * routes that declare a shape carry this interceptor.
 */
class RouteErrorShapeInterceptor implements NestInterceptor {
  constructor(private readonly shape: ErrorShape) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getRequest<RequestWithShape>()[ROUTE_SHAPE] = this.shape;
    return next.handle();
  }
}

/** Declares the shape a route's validation errors and 500s take (the driver import uses C). */
export const ErrorShapeOf = (shape: Extract<ErrorShape, 'C'>) => UseInterceptors(new RouteErrorShapeInterceptor(shape));

export function getRouteErrorShape(request: Request): ErrorShape | undefined {
  return (request as RequestWithShape)[ROUTE_SHAPE];
}
