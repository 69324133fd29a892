import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { TASK_STATES, type TaskState } from '../tasks';
import type { Route } from './schemas/route.schema';
import { recordTimes } from '@app/http';

/** A stop as its task is now: its state, arrival and departure as they happened, and when the vehicle should get there. */
export class RouteStopView {
  taskId: string;
  /** Its place in the route, from 1. @example 1 */
  sequence: number;
  @ApiProperty({ enum: TASK_STATES })
  state: TaskState;
  /**
   * When the vehicle should get there: from its latest position along the stops still to do
   * (docs/dispatch.md, "Routes and ETAs"); null once the stop is arrived, done, failed or
   * cancelled, or while the vehicle has no position.
   */
  eta: Date | null;
  arrivedAt: Date | null;
  departedAt: Date | null;
}

/** A vehicle's stops for a day (docs/dispatch.md, "Routes and ETAs"). */
export class RouteView {
  id: string;
  /** @example "Reparto zona norte" */
  name: string;
  assetId: string;
  driverId: string | null;
  /** `YYYY-MM-DD` in the client's zone. @example "2026-11-20" */
  date: string;
  /** The tasks in the order the vehicle does them. */
  stopTaskIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** One route with its stops (`GET /api/routes/{id}`). */
export class RouteDetailView extends RouteView {
  /** In sequence; a task deleted since is left out. */
  @ApiProperty({ type: [RouteStopView] })
  stops: RouteStopView[];
}

export function toRouteView(route: Stored<Route>): RouteView {
  return {
    id: route._id.toHexString(),
    name: route.name,
    assetId: route.assetId.toHexString(),
    driverId: route.driverId?.toHexString() ?? null,
    date: route.date,
    stopTaskIds: route.stopTaskIds.map((id) => id.toHexString()),
    ...recordTimes(route),
  };
}
