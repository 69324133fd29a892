import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorShape } from '../errors/error-codes';

export const ERROR_SHAPE_KEY = 'http:error-shape';

/** Declares the shape a route's validation errors and 500s take (the driver import uses C). */
export const ErrorShapeOf = (shape: Extract<ErrorShape, 'C'>) => SetMetadata(ERROR_SHAPE_KEY, shape);

const ROUTE_SHAPE = Symbol('route-error-shape');
type RequestWithShape = Request & { [ROUTE_SHAPE]?: ErrorShape };

export function setRouteErrorShape(request: Request, shape: ErrorShape | undefined): void {
  (request as RequestWithShape)[ROUTE_SHAPE] = shape;
}

export function getRouteErrorShape(request: Request): ErrorShape | undefined {
  return (request as RequestWithShape)[ROUTE_SHAPE];
}
