import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray } from 'class-validator';
import { IsObjectIdString } from '@app/formats';

/** A route's limits (docs/dispatch.md, "Routes and ETAs"). */
export const ROUTE_LIMITS = { stops: 100 } as const;

/** The stops' task ids in order: 1 to 100, each once. */
export const RouteStopTaskIds = (): PropertyDecorator =>
  applyDecorators(
    IsArray(),
    ArrayMinSize(1, { message: 'stopTaskIds must name at least one task' }),
    ArrayMaxSize(ROUTE_LIMITS.stops, { message: `stopTaskIds must name at most ${ROUTE_LIMITS.stops} tasks` }),
    ArrayUnique((id: unknown) => (typeof id === 'string' ? id.toLowerCase() : id), { message: 'stopTaskIds must not name a task twice' }),
    IsObjectIdString({ each: true }),
  );
