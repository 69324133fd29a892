import { InjectRepository, TenantRepository } from '@app/database';
import { Layer, storedFeatures } from '../../layers';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';

type LngLat = [number, number];

/** Each client's delivery routes as a map layer: the depot, the customer and the road between (src/seed/demo-routes.ts). */
const DEMO_LAYERS: Record<DemoClientContext['key'], { depot: LngLat; customer: LngLat; road: LngLat[] }> = {
  acme: {
    depot: [-70.7, -33.485],
    customer: [-71.6197, -33.0458],
    road: [
      [-70.7, -33.485],
      [-71.2, -33.3],
      [-71.6197, -33.0458],
    ],
  },
  globex: {
    depot: [-73.0503, -36.827],
    customer: [-72.1034, -36.6066],
    road: [
      [-73.0503, -36.827],
      [-72.6, -36.7],
      [-72.1034, -36.6066],
    ],
  },
};

/** One layer per client, "Rutas de reparto"; the manifest gets `layers: {routes}`. */
@DemoSeederProvider({ order: 36 })
export class LayersDemoSeeder implements DemoSeeder {
  constructor(@InjectRepository(Layer) private readonly layers: TenantRepository<Layer>) {}

  async seed(client: DemoClientContext): Promise<void> {
    const demo = DEMO_LAYERS[client.key];
    const features = [
      { type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: demo.depot }, properties: { name: 'Depósito' } },
      { type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: demo.customer }, properties: { name: 'Cliente' } },
      { type: 'Feature' as const, geometry: { type: 'LineString' as const, coordinates: demo.road }, properties: { name: 'Ruta' } },
    ];
    const layer = await this.layers.create(client.scope, {
      name: 'Rutas de reparto',
      description: 'Depósito, cliente y el camino entre ambos',
      color: '#6d4c41',
      ...storedFeatures(features),
    });
    client.manifest.layers = { routes: layer._id.toHexString() };
  }
}
