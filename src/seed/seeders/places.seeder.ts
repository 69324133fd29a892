import { InjectRepository, TenantRepository } from '@app/database';
import { Place, placeExternalKey, PlaceIndex } from '../../places';
import { DemoClientContext } from '../demo-manifest';
import { DEMO_ROUTES } from '../demo-routes';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';

interface DemoPlace {
  name: string;
  address: string;
  tags: string[];
  radiusM: number;
}

/** Named in route order: each demo route's waypoints are where its vehicles stop (demo-routes.ts). */
const DEMO_PLACES: Record<'acme' | 'globex', DemoPlace[][]> = {
  acme: [
    [
      { name: 'Depósito Pudahuel', address: 'Av. Américo Vespucio 1501, Pudahuel', tags: ['depósito'], radiusM: 400 },
      { name: 'Copec Ruta 68 km 12', address: 'Ruta 68 km 12, Pudahuel', tags: ['combustible'], radiusM: 150 },
      { name: 'Distribuidora Curacaví', address: 'Av. O’Higgins 1200, Curacaví', tags: ['cliente'], radiusM: 150 },
      { name: 'Frigorífico Casablanca', address: 'Ruta 68 km 75, Casablanca', tags: ['cliente', 'frío'], radiusM: 150 },
      { name: 'Supermercado Placilla', address: 'Camino La Pólvora 200, Placilla', tags: ['cliente'], radiusM: 150 },
      { name: 'Puerto de Valparaíso', address: 'Av. Errázuriz 25, Valparaíso', tags: ['cliente', 'puerto'], radiusM: 300 },
    ],
    [
      { name: 'Depósito Pudahuel', address: '', tags: [], radiusM: 0 },
      { name: 'Centro de distribución San Bernardo', address: 'Ruta 5 Sur km 20, San Bernardo', tags: ['cliente'], radiusM: 200 },
      { name: 'Agrícola Buin', address: 'Camino Padre Hurtado 3500, Buin', tags: ['cliente'], radiusM: 150 },
      { name: 'Copec Graneros', address: 'Ruta 5 Sur km 75, Graneros', tags: ['combustible'], radiusM: 150 },
      { name: 'Supermercado Rancagua', address: 'Av. República de Chile 500, Rancagua', tags: ['cliente'], radiusM: 200 },
    ],
  ],
  globex: [
    [
      { name: 'Depósito Talcahuano', address: 'Av. Colón 8000, Talcahuano', tags: ['depósito'], radiusM: 400 },
      { name: 'Copec Penco', address: 'Ruta 150, Penco', tags: ['combustible'], radiusM: 150 },
      { name: 'Viña Florida', address: 'Camino a Florida km 20, Florida', tags: ['cliente'], radiusM: 150 },
      { name: 'Bodega Bulnes', address: 'Ruta 148, Bulnes', tags: ['cliente'], radiusM: 150 },
      { name: 'Planta Chillán', address: 'Av. Collín 1100, Chillán', tags: ['cliente'], radiusM: 300 },
    ],
    [
      { name: 'Depósito Talcahuano', address: '', tags: [], radiusM: 0 },
      { name: 'Forestal Coronel', address: 'Ruta 160, Coronel', tags: ['cliente'], radiusM: 150 },
      { name: 'Aserradero Santa Juana', address: 'Camino Santa Juana, Santa Juana', tags: ['cliente'], radiusM: 150 },
      { name: 'Copec Nacimiento', address: 'Ruta Q-180, Nacimiento', tags: ['combustible'], radiusM: 150 },
      { name: 'Planta Los Ángeles', address: 'Av. Alemania 700, Los Ángeles', tags: ['cliente'], radiusM: 300 },
    ],
  ],
};

/**
 * Each client's places where its demo vehicles stop — the depot, customers, a fuel station on each
 * route — so the seeded history has visits and `npm start` shows new ones within minutes (the
 * simulator stops at every waypoint). Before the events seeder, which detects the history's
 * visits. The manifest gets `places: {depot, customer}`.
 */
@DemoSeederProvider({ order: 35.2 })
export class PlacesDemoSeeder implements DemoSeeder {
  constructor(
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
    private readonly index: PlaceIndex,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const routes = DEMO_ROUTES[client.key === 'acme' ? 'santiago' : 'concepcion'];
    const ids: string[] = [];
    for (const [r, route] of routes.entries()) {
      for (const [w, [lat, lng]] of route.entries()) {
        const place = DEMO_PLACES[client.key][r][w];
        if (place.radiusM === 0) continue; // the depot again: one place
        const created = await this.places.create(client.scope, {
          ...place,
          location: { type: 'Point', coordinates: [lng, lat] },
          area: null,
          externalId: `demo-${r + 1}-${w + 1}`,
          externalKey: placeExternalKey(client.clientId, `demo-${r + 1}-${w + 1}`),
          notes: '',
          visitMinutes: 3,
        });
        ids.push(created._id.toHexString());
      }
    }
    await this.index.changed(client.clientId);
    client.manifest.places = { depot: ids[0], customer: ids[ids.length - 1] };
  }
}
