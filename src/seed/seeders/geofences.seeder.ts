import { Types } from 'mongoose';
import { InjectRepository, TenantRepository } from '@app/database';
import { Geofence, GeofenceIndex } from '../../geofences';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';

type LngLat = [number, number];

/** A square of `half` degrees around a point: a site's yard. */
const square = ([lng, lat]: LngLat, half: number): LngLat[][] => [
  [
    [lng - half, lat - half],
    [lng + half, lat - half],
    [lng + half, lat + half],
    [lng - half, lat + half],
    [lng - half, lat - half],
  ],
];

/**
 * Each client's geofences along its demo routes (src/seed/demo-routes.ts): the depot the trucks
 * leave from (20 km/h inside), the customer's site at the end of the first route, and a works
 * zone on the second route (60 km/h) where a simulated vehicle starts, so that `npm start`
 * shows geofence and speeding events within a minute. The manifest gets `geofences`.
 */
const DEMO_GEOFENCES = {
  acme: {
    depot: { name: 'Depósito Pudahuel', center: [-70.7, -33.485] as LngLat },
    site: { name: 'Puerto de Valparaíso (cliente)', center: [-71.6197, -33.0458] as LngLat },
    works: {
      name: 'Ruta 5 Sur, zona de obras',
      line: [
        [-70.7, -33.58],
        [-70.74, -33.75],
        [-70.72, -33.95],
      ] as LngLat[],
    },
  },
  globex: {
    depot: { name: 'Depósito Talcahuano', center: [-73.0503, -36.827] as LngLat },
    site: { name: 'Planta Chillán (cliente)', center: [-72.1034, -36.6066] as LngLat },
    works: {
      name: 'Ruta 146, zona de obras',
      line: [
        [-72.93, -36.98],
        [-72.6, -37.15],
        [-72.45, -37.3],
      ] as LngLat[],
    },
  },
};

@DemoSeederProvider({ order: 35 })
export class GeofencesDemoSeeder implements DemoSeeder {
  constructor(
    @InjectRepository(Geofence) private readonly geofences: TenantRepository<Geofence>,
    private readonly index: GeofenceIndex,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const demo = DEMO_GEOFENCES[client.key];
    const base = {
      description: '',
      allAssets: true,
      assetIds: [] as Types.ObjectId[],
      groupIds: [] as Types.ObjectId[],
      radiusM: null,
      widthM: null,
      speedLimitKmh: null,
    };
    const [depot, site, works] = await Promise.all([
      this.geofences.create(client.scope, {
        ...base,
        name: demo.depot.name,
        color: '#1e88e5',
        geometry: { type: 'Point', coordinates: demo.depot.center },
        radiusM: 400,
        speedLimitKmh: 20,
      }),
      this.geofences.create(client.scope, {
        ...base,
        name: demo.site.name,
        color: '#43a047',
        geometry: { type: 'Polygon', coordinates: square(demo.site.center, 0.006) },
      }),
      this.geofences.create(client.scope, {
        ...base,
        name: demo.works.name,
        color: '#fb8c00',
        geometry: { type: 'LineString', coordinates: demo.works.line },
        widthM: 300,
        speedLimitKmh: 60,
      }),
    ]);
    await this.index.changed(client.clientId);
    client.manifest.geofences = { depot: depot._id.toHexString(), site: site._id.toHexString(), works: works._id.toHexString() };
  }
}
