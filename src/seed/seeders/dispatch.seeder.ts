import { DateTime } from 'luxon';
import { PrincipalLoader } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { Driver, DriverAssignmentsService } from '../../drivers';
import { Place } from '../../places';
import { RoutesService } from '../../routes';
import { TasksService } from '../../tasks';
import { DemoClientContext } from '../demo-manifest';
import { DEMO_ROUTES } from '../demo-routes';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { demoAdminContext } from './demo-admin-context';

/** Days back the demo drivers have been at their vehicles' wheels: the seeded history's trips carry them. */
const AT_THE_WHEEL_DAYS = 30;

/**
 * A working day for each demo vehicle the simulator drives (the tracked one on the first demo
 * route, the other tracker's van on the second): a driver at the wheel since a month ago, and
 * today's route of tasks at the route's customers in the order the vehicle reaches them, so
 * `npm start` shows tasks arriving by themselves (docs/dispatch.md). globex has one demo driver,
 * at its first vehicle. The manifest gets `routes: {today}` and `driverAssignment` (the first
 * vehicle's).
 */
@DemoSeederProvider({ order: 39 })
export class DispatchDemoSeeder implements DemoSeeder {
  constructor(
    private readonly principals: PrincipalLoader,
    private readonly assignments: DriverAssignmentsService,
    private readonly tasks: TasksService,
    private readonly routes: RoutesService,
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const auth = await demoAdminContext(this.principals, client);
    const zone = auth.client.timeZone;
    const today = DateTime.now().setZone(zone).startOf('day');
    const window = { from: today.toISO()!, to: today.plus({ days: 1 }).toISO()! };
    const drivers = await this.drivers.find(client.scope, { archivedAt: null });
    const customers = await this.customersByRoute(client);
    const vehicles = [client.assets.tracked, client.assets.outOfScope];
    const routeIds: string[] = [];
    for (const [r, vehicle] of vehicles.entries()) {
      const assetId = vehicle._id.toHexString();
      const driver = drivers[r];
      if (driver) {
        const from = today.minus({ days: AT_THE_WHEEL_DAYS }).toISO()!;
        const assignment = await this.assignments.create(auth, assetId, { driverId: driver._id.toHexString(), from });
        if (r === 0) client.manifest.driverAssignment = assignment.id;
      }
      const stopTaskIds: string[] = [];
      for (const place of customers[r])
        stopTaskIds.push((await this.tasks.create(auth, { title: `Entrega ${place.name}`, placeId: place._id.toHexString(), window, serviceMinutes: 5 })).id);
      const route = await this.routes.create(auth, {
        name: `Reparto ${r + 1} del ${today.toFormat('dd/MM')}`,
        assetId,
        ...(driver ? { driverId: driver._id.toHexString() } : {}),
        date: today.toISODate()!,
        stopTaskIds,
      });
      routeIds.push(route.id);
    }
    client.manifest.routes = { today: routeIds[0] };
  }

  /** Each demo route's customer places, in the order its vehicle reaches them (their externalIds say the route and waypoint). */
  private async customersByRoute(client: DemoClientContext): Promise<Array<Array<Stored<Place>>>> {
    const all = await this.places.find(client.scope, {});
    const routes = DEMO_ROUTES[client.key === 'acme' ? 'santiago' : 'concepcion'];
    return routes.map((route, r) =>
      route
        .map((_, w) => all.find((place) => place.externalId === `demo-${r + 1}-${w + 1}`))
        .filter((place): place is Stored<Place> => place !== undefined && place.tags.includes('cliente')),
    );
  }
}
