import { Model } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { InjectUnscopedModel } from '@app/database';
import { Driver } from '../../drivers';

const DEMO_DRIVERS: Record<DemoClientContext['key'], Array<Pick<Driver, 'rut' | 'firstName' | 'lastName' | 'phone' | 'email' | 'city'>>> = {
  acme: [
    { rut: '12345678-5', firstName: 'Juana', lastName: 'Pérez Soto', phone: '+56912345678', email: 'juana.perez@acme.demo', city: 'Santiago' },
    { rut: '10000013-K', firstName: 'Pedro', lastName: 'González Rojas', phone: '+56987654321', city: 'Valparaíso' },
  ],
  globex: [{ rut: '11111111-1', firstName: 'María', lastName: 'Muñoz Díaz', phone: '+56923456789', email: 'maria.munoz@globex.demo', city: 'Concepción' }],
};

/** Drivers of each demo client, and the activity event of their import (`drivers.existing`, `activityEvent`). */
@DemoSeederProvider({ order: 20 })
export class DriversDemoSeeder implements DemoSeeder {
  constructor(
    @InjectUnscopedModel(Driver) private readonly drivers: Model<Driver>,
    private readonly activity: ActivityRecorder,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const admin = client.users.admin;
    const created = await this.drivers.create(DEMO_DRIVERS[client.key].map((driver) => ({ ...driver, clientId: client.clientId, userId: admin._id })));
    const eventId = await this.activity.recordFor(
      { clientId: client.clientId, userId: admin._id, name: admin.name, email: admin.email, credential: 'session' },
      { requestId: 'demo-seed', userAgent: 'demo seed' },
      {
        action: 'driver.import',
        resourceType: 'driver',
        summary: `Driver import: ${created.length} created, 0 rejected of ${created.length} rows`,
        after: { created: created.map((driver, index) => ({ row: index + 2, rut: driver.rut })) },
        details: { rowCount: created.length, createdCount: created.length, failedRows: [] },
      },
    );
    if (!eventId) throw new Error('The demo activity event could not be recorded');
    client.manifest.drivers = { existing: { id: created[0]._id.toHexString(), rut: created[0].rut } };
    client.manifest.activityEvent = eventId.toHexString();
  }
}
