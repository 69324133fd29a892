import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '@app/bus';
import { InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { type LatestRecord, POSITIONS_MOVED } from '../../positions';
import { TasksForRoutes } from '../../tasks';
import { Route } from '../schemas/route.schema';
import { RouteEtas } from './route-etas';
import { type RouteToday, RoutesToday } from './routes-today';

/** An asset's route ETAs are worked out again at most this often. */
export const ETA_THROTTLE_MS = 30_000;

/**
 * ETAs follow the vehicle (docs/dispatch.md, "Routes and ETAs"): when the latest position of a
 * vehicle with a route today moves on this instance (the tracker's owner), its route's ETAs are
 * worked out again — at most once per asset every 30 s — and a stop whose ETA passes its task's
 * window end while the task still waits is warned of once (`task.eta_late`).
 */
@Injectable()
export class RouteEtaWatch {
  private readonly logger = new Logger(RouteEtaWatch.name);
  private readonly lastRun = new Map<string, number>();

  constructor(
    private readonly today: RoutesToday,
    @InjectRepository(Route) private readonly routes: TenantRepository<Route>,
    private readonly tasks: TasksForRoutes,
    private readonly etas: RouteEtas,
  ) {}

  // Not awaited: the ingestion's acknowledgement does not wait for ETAs.
  @OnDomainEvent(POSITIONS_MOVED)
  moved(records: readonly LatestRecord[]): void {
    if (this.today.isEmpty) return;
    const now = Date.now();
    for (const record of records) {
      for (const route of this.today.ofTracker(record._id)) {
        if (now - (this.lastRun.get(route.assetId.toHexString()) ?? -Infinity) < ETA_THROTTLE_MS) continue;
        this.lastRun.set(route.assetId.toHexString(), now);
        void this.follow(route, { lat: record.lat, lng: record.lng }, now);
      }
    }
  }

  /** Works the route's ETAs out from this position and warns of each stop that will be late. */
  private async follow(today: RouteToday, position: { lat: number; lng: number }, now: number): Promise<void> {
    try {
      const scope = scopeOfClient(today.clientId);
      const route = await this.routes.findById(scope, today.routeId.toHexString());
      if (!route) return;
      const tasks = await this.tasks.byIds(scope, route.stopTaskIds);
      const stops = await this.etas.stops(route, tasks, { trackerId: today.trackerId, position }, now);
      for (const { task, view } of stops) {
        if (view.eta && view.eta > task.windowTo) await this.tasks.warnEtaLate(task, view.eta, route._id, new Date(now));
      }
    } catch (error) {
      this.logger.warn(`Route ${today.routeId.toHexString()}: ETAs not worked out: ${(error as Error).message}`);
    }
  }
}
