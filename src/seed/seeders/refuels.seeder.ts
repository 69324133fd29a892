import { PrincipalLoader } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { FuelTariff, RefuelsService } from '../../fuel';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { demoAdminContext } from './demo-admin-context';

const HOUR = 3_600_000;

/**
 * The tracked truck's fuel profile (the market-following diesel tariff, 32 L/100 km, a 400 L
 * tank) and two refuels through the domain service: an ordinary one, and one paid 30 % over the
 * tariff — its `price_mismatch` shows what the checks find. The manifest gets
 * `refuels: {ordinary, anomalous}`.
 */
@DemoSeederProvider({ order: 42 })
export class RefuelsDemoSeeder implements DemoSeeder {
  constructor(
    private readonly principals: PrincipalLoader,
    private readonly refuels: RefuelsService,
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const market = await this.tariffs.findOne(client.scope, { custom: false, baseType: 'diesel' });
    if (!market) throw new Error('The refuels demo needs the market diesel tariff: the fuel seeder runs first');
    const truck = client.assets.tracked;
    // Through updateRecord: it also drops this instance's cached read of the asset, which the refuels below read.
    await this.assets.updateRecord(client.scope, truck, { $set: { fuel: { tariffId: market._id, consumptionLPer100Km: 32, tankCapacityL: 400 } } });
    const auth = await demoAdminContext(this.principals, client);
    const base = { assetId: truck._id.toHexString(), station: 'Copec Ruta 5 Norte km 21' };
    const ordinary = await this.refuels.create(auth, {
      ...base,
      occurredAt: new Date(Date.now() - 50 * HOUR).toISOString(),
      liters: 310,
      pricePerLiter: Math.round(market.pricePerLiter * 1.02),
      odometerKm: 181_900,
    });
    const anomalous = await this.refuels.create(auth, {
      ...base,
      occurredAt: new Date(Date.now() - 26 * HOUR).toISOString(),
      liters: 120,
      pricePerLiter: Math.round(market.pricePerLiter * 1.3),
    });
    client.manifest.refuels = { ordinary: ordinary.id, anomalous: anomalous.id };
  }
}
