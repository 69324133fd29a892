import { DateTime } from 'luxon';
import { PrincipalLoader } from '@app/auth';
import { ServicePlansService } from '../../maintenance';
import { MetersService } from '../../meters';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { demoAdminContext } from './demo-admin-context';

/** The plan's interval and warning, km. */
const EVERY_KM = 10_000;
const WARN_KM = 1_000;

/**
 * Each demo client's preventive maintenance (docs/maintenance.md): "Mantención 10 000 km" every
 * 10 000 km or 180 days, due soon 1 000 km or 15 days before, on the tracked and the untracked
 * truck, opening a work order when overdue. Meter readings and last services put the tracked
 * truck 660 km from its service (due soon) and the untracked one 5 000 km past it (overdue, with
 * its work order and its `maintenance.overdue` event). Through the domain services, as the demo
 * admin. The manifest gets `servicePlans: {oilChange}` and `serviceRecords: {example}`.
 */
@DemoSeederProvider({ order: 65 })
export class ServicePlansDemoSeeder implements DemoSeeder {
  constructor(
    private readonly principals: PrincipalLoader,
    private readonly plans: ServicePlansService,
    private readonly meters: MetersService,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const auth = await demoAdminContext(this.principals, client);
    const { tracked, untracked } = client.assets;
    const now = DateTime.now();
    const readAt = now.minus({ minutes: 1 }).toISO();
    const doneAt = now.minus({ days: 40 }).toISO();
    // Today's meters, read by hand; the tracked truck's telemetry carries on from there.
    await this.meters.addReading(auth, tracked._id.toHexString(), { odometerKm: 182_340, engineHours: 6_120, readAt });
    await this.meters.addReading(auth, untracked._id.toHexString(), { odometerKm: 95_000, engineHours: 3_400, readAt });
    const plan = await this.plans.create(auth, {
      name: 'Mantención 10 000 km',
      allAssets: false,
      assetIds: [tracked._id.toHexString(), untracked._id.toHexString()],
      groupIds: [],
      intervals: { km: EVERY_KM, days: 180 },
      dueSoon: { km: WARN_KM, days: 15 },
      workOrder: { autoCreate: true, category: 'preventive', description: 'Cambio de aceite y filtros, revisión de frenos' },
    });
    // The last services: 173 000 km (next at 183 000: 660 km left, due soon) and 80 000 km (next at 90 000: overdue).
    const soon = await this.plans.addService(auth, plan.id, { assetId: tracked._id.toHexString(), doneAt, odometerKm: 173_000 });
    await this.plans.addService(auth, plan.id, { assetId: untracked._id.toHexString(), doneAt, odometerKm: 80_000 });
    client.manifest.servicePlans = { oilChange: plan.id };
    client.manifest.serviceRecords = { example: soon.id };
  }
}
