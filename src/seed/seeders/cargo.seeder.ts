import { Model } from 'mongoose';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { InjectUnscopedModel } from '@app/database';
import { CargoLocation } from '../../cargo';

type DemoLocation = Omit<CargoLocation, 'clientId' | 'createdAt' | 'updatedAt'>;

const point = (lat: number, lng: number) => ({ type: 'Point' as const, coordinates: [lng, lat] as [number, number] });

const DEMO_LOCATIONS: Record<DemoClientContext['key'], DemoLocation[]> = {
  acme: [
    {
      name: 'Centro de distribución Pudahuel',
      address: 'Av. Américo Vespucio 1501, Pudahuel',
      city: 'Santiago',
      location: point(-33.4263, -70.7605),
      type: 'loading',
      contact: { name: 'Carla Fuentes', phone: '+56922334455', email: 'bodega@acme.demo' },
      notes: 'Andén 4; recepción de 07:00 a 19:00.',
    },
    { name: 'Puerto de Valparaíso, sitio 3', address: 'Av. Errázuriz 25', city: 'Valparaíso', location: point(-33.0362, -71.6268), type: 'delivery' },
  ],
  globex: [
    {
      name: 'Planta Talcahuano',
      address: 'Av. Colón 3100',
      city: 'Talcahuano',
      location: point(-36.7249, -73.1167),
      type: 'both',
      contact: { name: 'Luis Vera' },
    },
  ],
};

/** Cargo locations of each demo client (manifest key `cargoLocation`: the first one). */
@DemoSeederProvider({ order: 41 })
export class CargoDemoSeeder implements DemoSeeder {
  constructor(@InjectUnscopedModel(CargoLocation) private readonly locations: Model<CargoLocation>) {}

  async seed(client: DemoClientContext): Promise<void> {
    const created = await this.locations.create(DEMO_LOCATIONS[client.key].map((location) => ({ ...location, clientId: client.clientId })));
    client.manifest.cargoLocation = created[0]._id.toHexString();
  }
}
