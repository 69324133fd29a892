import { Model, Types } from 'mongoose';
import { FUEL_GRADES, type FuelGrade } from '@app/formats';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { InjectUnscopedModel } from '@app/database';
import { FuelCostEntry, FuelPriceRecord, FuelTariff, Refuel } from '../../fuel';

const DAY = 86_400_000;
/** Weekly market prices (pesos per litre), oldest first; the last one is in force. */
const MARKET: Record<FuelGrade, number[]> = {
  gasoline_93: [1250, 1262, 1271],
  gasoline_95: [1290, 1301, 1315],
  gasoline_97: [1340, 1352, 1366],
  diesel: [1010, 998, 1005],
};
/** Each client's manual prices per grade: the previous one (closed 10 days ago) and the current one. */
const MANUAL: Record<DemoClientContext['key'], Record<FuelGrade, [number, number]>> = {
  acme: { gasoline_93: [1230, 1245], gasoline_95: [1275, 1290], gasoline_97: [1320, 1335], diesel: [990, 1020] },
  globex: { gasoline_93: [1240, 1255], gasoline_95: [1280, 1299], gasoline_97: [1330, 1350], diesel: [985, 1000] },
};

/**
 * Market prices (once, whatever the number of clients), a custom tariff per grade with the
 * client's price validities, a market-following diesel tariff, and a month of diesel costs.
 * Manifest keys `fuelTariff`: the custom diesel tariff; `refuel`: a refuel of the tracked truck.
 */
@DemoSeederProvider({ order: 40 })
export class FuelDemoSeeder implements DemoSeeder {
  /** Midnight UTC of the seed's first day: every client's dates derive from it. */
  private readonly today = new Date(Math.floor(Date.now() / DAY) * DAY);

  constructor(
    @InjectUnscopedModel(FuelTariff) private readonly tariffs: Model<FuelTariff>,
    @InjectUnscopedModel(FuelPriceRecord) private readonly records: Model<FuelPriceRecord>,
    @InjectUnscopedModel(FuelCostEntry) private readonly costs: Model<FuelCostEntry>,
    @InjectUnscopedModel(Refuel) private readonly refuels: Model<Refuel>,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    await this.seedMarketPrices();
    const tariffIds = {} as Record<FuelGrade, Types.ObjectId>;
    for (const grade of FUEL_GRADES) tariffIds[grade] = await this.seedCustomTariff(client, grade);
    await this.tariffs.create({
      clientId: client.clientId,
      baseType: 'diesel',
      name: 'Diésel precio de mercado',
      custom: false,
      pricePerLiter: MARKET.diesel.at(-1),
    });
    await this.seedCosts(client, tariffIds.diesel);
    client.manifest.fuelTariff = tariffIds.diesel.toHexString();
    // A fuel-card line of yesterday morning, at the tariff's price: no anomalies.
    const refuel = await this.refuels.create({
      clientId: client.clientId,
      assetId: client.assets.tracked._id,
      occurredAt: new Date(this.today.getTime() - DAY + 9 * 3_600_000),
      liters: 45,
      pricePerLiter: MANUAL[client.key].diesel[1],
      totalCost: null,
      odometerKm: null,
      station: 'Copec Av. Matta',
      location: null,
      tariffId: tariffIds.diesel,
      anomalies: [],
      distanceFromVehicleM: null,
      createdBy: client.users.admin._id,
    });
    client.manifest.refuel = refuel._id.toHexString();
  }

  /** Idempotent: keyed by grade and start (a unique index), so the second client adds nothing. */
  private async seedMarketPrices(): Promise<void> {
    const weekStart = (weeksAgo: number) => new Date(this.today.getTime() - weeksAgo * 7 * DAY);
    await this.records.bulkWrite(
      FUEL_GRADES.flatMap((fuelType) =>
        MARKET[fuelType].map((pricePerLiter, index, prices) => {
          const weeksAgo = prices.length - index;
          return {
            updateOne: {
              filter: { scope: 'global', fuelType, validFrom: weekStart(weeksAgo) },
              update: { $setOnInsert: { pricePerLiter, validTo: weeksAgo > 1 ? weekStart(weeksAgo - 1) : null } },
              upsert: true,
            },
          };
        }),
      ),
    );
  }

  private async seedCustomTariff(client: DemoClientContext, grade: FuelGrade): Promise<Types.ObjectId> {
    const [previous, current] = MANUAL[client.key][grade];
    const since = new Date(this.today.getTime() - 30 * DAY);
    const changed = new Date(this.today.getTime() - 10 * DAY);
    const tariffId = new Types.ObjectId();
    const base = { clientId: client.clientId, scope: 'client', fuelType: grade, tariffId };
    const [, open] = await this.records.create([
      { ...base, pricePerLiter: previous, validFrom: since, validTo: changed },
      { ...base, pricePerLiter: current, validFrom: changed, validTo: null },
    ]);
    await this.tariffs.create({
      _id: tariffId,
      clientId: client.clientId,
      baseType: grade,
      name: `Flota ${grade.replace('_', ' ')}`,
      custom: true,
      pricePerLiter: current,
      priceRecordId: open._id,
      priceValidFrom: changed,
    });
    return tariffId;
  }

  /** A refuelling every day of the last month, priced by the manual price in force that day. */
  private async seedCosts(client: DemoClientContext, tariffId: Types.ObjectId): Promise<void> {
    const [previous, current] = MANUAL[client.key].diesel;
    const changed = this.today.getTime() - 10 * DAY;
    await this.costs.insertMany(
      Array.from({ length: 30 }, (_, day) => {
        const occurredAt = new Date(this.today.getTime() - (29 - day) * DAY + 9 * 3_600_000);
        return {
          clientId: client.clientId,
          tariffId,
          source: 'refuel' as const,
          occurredAt,
          liters: 35 + (day % 7) * 5,
          pricePerLiter: occurredAt.getTime() >= changed ? current : previous,
          assetId: client.assets.tracked._id,
          reference: `demo-${day + 1}`,
        };
      }),
    );
  }
}
