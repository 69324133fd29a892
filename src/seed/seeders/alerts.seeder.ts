import { Types } from 'mongoose';
import { InjectRepository, TenantRepository } from '@app/database';
import { Alert, AlertRule, Notification } from '../../alerts';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';

/**
 * Each client's demo alert rules, the demo admin told in the inbox of each: a truck leaving the
 * depot out of hours (20:00–06:00 in the client's zone), speeding (critical, 30 min cooldown per
 * truck), and the cold chain (the refrigerated group above its range for 5 minutes). Seeded
 * before the event history (order 36), whose events then open alerts like live ones; the
 * simulator's trucks (src/seed/simulator) open more within minutes of `npm start`. The manifest
 * gets `alertRules: {depotExit, speeding, coldChain}`.
 */
@DemoSeederProvider({ order: 35.5 })
export class AlertRulesDemoSeeder implements DemoSeeder {
  constructor(@InjectRepository(AlertRule) private readonly rules: TenantRepository<AlertRule>) {}

  async seed(client: DemoClientContext): Promise<void> {
    const depot = (client.manifest.geofences as { depot: string }).depot;
    const recipients = { userIds: [client.users.admin._id], emails: [] };
    const base = {
      enabled: true,
      allAssets: true,
      assetIds: [] as Types.ObjectId[],
      groupIds: [] as Types.ObjectId[],
      geofenceIds: [] as Types.ObjectId[],
      schedule: null,
      minDurationSeconds: 0,
      cooldownSeconds: 0,
      recipients,
    };
    const [depotExit, speeding, coldChain] = await Promise.all([
      this.rules.create(client.scope, {
        ...base,
        name: 'Salida del depósito fuera de horario',
        eventTypes: ['geofence.exit'],
        geofenceIds: [new Types.ObjectId(depot)],
        schedule: { timeZone: 'America/Santiago', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '20:00', to: '06:00' },
        severity: 'warning',
      }),
      this.rules.create(client.scope, { ...base, name: 'Exceso de velocidad', eventTypes: ['speeding.start'], cooldownSeconds: 1800, severity: 'critical' }),
      this.rules.create(client.scope, {
        ...base,
        name: 'Cadena de frío',
        eventTypes: ['temperature.out_of_range'],
        allAssets: false,
        groupIds: [client.assetGroupIds.refrigerated],
        minDurationSeconds: 300,
        cooldownSeconds: 3600,
        severity: 'critical',
      }),
    ]);
    client.manifest.alertRules = { depotExit: depotExit._id.toHexString(), speeding: speeding._id.toHexString(), coldChain: coldChain._id.toHexString() };
  }
}

/** After the event history (order 36): the manifest gets `alerts: {example}` (the tracked truck's newest) and `notifications: {example}` (the admin's newest). */
@DemoSeederProvider({ order: 36.5 })
export class AlertsManifestDemoSeeder implements DemoSeeder {
  constructor(
    @InjectRepository(Alert) private readonly alerts: TenantRepository<Alert>,
    @InjectRepository(Notification) private readonly notifications: TenantRepository<Notification>,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const alert = await this.alerts.findOne(client.scope, { assetId: client.assets.tracked._id }, { sort: { openedAt: -1 } });
    const notification = await this.notifications.findOne(client.scope, { recipients: client.users.admin._id }, { sort: { _id: -1 } });
    client.manifest.alerts = { example: alert?._id.toHexString() ?? null };
    client.manifest.notifications = { example: notification?._id.toHexString() ?? null };
  }
}
