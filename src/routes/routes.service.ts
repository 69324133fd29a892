import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import { TasksForRoutes } from '../tasks';
import { CreateRouteDto } from './dto/create-route.dto';
import { ListRoutesDto } from './dto/list-routes.dto';
import { UpdateRouteDto } from './dto/update-route.dto';
import { RoutesToday } from './eta/routes-today';
import { RouteEtas } from './eta/route-etas';
import { RouteReferences } from './route-references';
import { RouteStops } from './route-stops';
import { RouteDetailView, RouteView, toRouteView } from './route.view';
import { Route } from './schemas/route.schema';

const minus = (all: readonly Types.ObjectId[], some: readonly Types.ObjectId[]) => all.filter((id) => !some.some((other) => other.equals(id)));

/**
 * A client's routes (docs/dispatch.md, "Routes and ETAs"): CRUD, the list, and one route with
 * its stops' ETAs. Owned by their asset: the repository keeps them to callers who see its tracker.
 */
@Injectable()
export class RoutesService {
  constructor(
    @InjectRepository(Route) private readonly routes: TenantRepository<Route>,
    private readonly references: RouteReferences,
    private readonly stops: RouteStops,
    private readonly tasks: TasksForRoutes,
    private readonly etas: RouteEtas,
    private readonly today: RoutesToday,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, body: CreateRouteDto): Promise<RouteView> {
    const asset = await this.references.asset(auth, body.assetId);
    const driverId = await this.references.driverId(auth, body.driverId ?? null);
    const tasks = await this.stops.check(auth, body.stopTaskIds, asset._id);
    const _id = new Types.ObjectId();
    const stopTaskIds = tasks.map((task) => task._id);
    await this.stops.claim(_id, stopTaskIds);
    let route: Stored<Route>;
    try {
      route = await this.routes.create(auth, { _id, name: body.name, assetId: asset._id, driverId, date: body.date, stopTaskIds });
    } catch (error) {
      await this.stops.release(_id, stopTaskIds);
      throw error;
    }
    await this.tasks.assign(auth, tasks, asset._id);
    const view = toRouteView(route);
    await this.activity.record(auth, { action: 'route.create', resourceType: 'route', resourceId: _id, summary: `Route "${route.name}" created`, after: view });
    await this.today.changed();
    return view;
  }

  /** A page of routes by date, newest first. */
  async list(auth: AuthContext, query: ListRoutesDto): Promise<Page<RouteView>> {
    await this.references.forFilter(auth, query);
    const filter: TenantQuery<Route> = {};
    if (query.date) filter.date = query.date;
    if (query.assetId) filter.assetId = new Types.ObjectId(query.assetId);
    if (query.driverId) filter.driverId = new Types.ObjectId(query.driverId);
    const page = await this.routes.list(auth, filter, { limit: query.limit, cursor: query.cursor }, { sortBy: 'date', direction: 'desc' });
    return { items: page.items.map(toRouteView), nextCursor: page.nextCursor };
  }

  /** The route with each stop's task state and ETA: the route, its tasks (one `$in`) and the vehicle's latest position (docs/dispatch.md, "How routes are built"). */
  async get(auth: AuthContext, id: string): Promise<RouteDetailView> {
    const route = await this.find(auth, id);
    const vehicle = this.references.vehicle(auth, route.assetId);
    // The tasks and the vehicle's position are read at once.
    const [tasks, position, asset] = await Promise.all([
      this.tasks.byIds(auth, route.stopTaskIds),
      vehicle.then((found) => this.etas.positionOf(found?.mainTrackerId ?? null)),
      vehicle,
    ]);
    const stops = await this.etas.stops(route, tasks, { trackerId: asset?.mainTrackerId ?? null, position });
    return { ...toRouteView(route), stops: stops.map((stop) => stop.view) };
  }

  async update(auth: AuthContext, id: string, body: UpdateRouteDto): Promise<RouteView> {
    if (Object.values(body).every((value) => value === undefined)) throw badRequest('Nothing to change: send at least one field of the route');
    const route = await this.find(auth, id);
    const set: Partial<Route> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.date !== undefined) set.date = body.date;
    if (body.driverId !== undefined) set.driverId = await this.references.driverId(auth, body.driverId);
    const tasks = body.stopTaskIds ? await this.stops.check(auth, body.stopTaskIds, route.assetId, route.stopTaskIds) : [];
    if (body.stopTaskIds) set.stopTaskIds = tasks.map((task) => task._id);
    const added = set.stopTaskIds ? minus(set.stopTaskIds, route.stopTaskIds) : [];
    await this.stops.claim(route._id, added);
    const updated = await this.routes.updateRecord(auth, route, { $set: set }).catch(async (error: unknown) => {
      await this.stops.release(route._id, added);
      throw error;
    });
    if (set.stopTaskIds) await this.stops.release(route._id, minus(route.stopTaskIds, set.stopTaskIds));
    await this.tasks.assign(auth, tasks, route.assetId);
    const [before, after] = [toRouteView(route), toRouteView(updated ?? route)];
    await this.activity.updated(auth, { type: 'route', id: route._id }, `Route "${after.name}" changed`, before, after);
    await this.today.changed();
    return after;
  }

  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const route = await this.find(auth, id);
    await this.routes.deleteRecords(auth, [route]);
    await this.stops.release(route._id, route.stopTaskIds);
    await this.activity.deleted(auth, { type: 'route', id: route._id }, `Route "${route.name}" deleted`, toRouteView(route));
    await this.today.changed();
    return { id: route._id.toHexString() };
  }

  private find(auth: AuthContext, id: string): Promise<Stored<Route>> {
    return this.routes.findByIdOrFail(auth, id, 'Route');
  }
}
