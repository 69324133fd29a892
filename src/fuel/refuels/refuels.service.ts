import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantQuery, TenantRepository, TrackedScope } from '@app/database';
import { validationFailed } from '@app/errors';
import { AssetDirectory, StoredAsset } from '@app/fleet';
import { VehicleWhereabouts } from '../../positions';
import { TripReportExportCache } from '../export-cache/trip-report-export-cache.service';
import { FuelPriceHistoryService } from '../prices/fuel-price-history.service';
import { FuelTariff } from '../schemas/fuel-tariff.schema';
import { refuelAnomalies } from './refuel-anomalies';
import { CreateRefuelDto, ListRefuelsDto } from './refuel.dto';
import { Refuel } from './refuel.schema';
import { RefuelView, toRefuelView } from './refuel.view';
import { MetersService } from '../../meters';

/** The vehicle's fix must be this close in time to the payment to say where the vehicle was. */
const FIX_WITHIN_S = 600;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** `/api/fuel/refuels`: refuellings of the client's assets, each checked when recorded (docs/fuel-cargo.md, "Refuels"). */
@Injectable()
export class RefuelsService {
  constructor(
    @InjectRepository(Refuel) private readonly refuels: TenantRepository<Refuel>,
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
    private readonly directory: AssetDirectory,
    private readonly prices: FuelPriceHistoryService,
    private readonly whereabouts: VehicleWhereabouts,
    private readonly exportCache: TripReportExportCache,
    private readonly activity: ActivityRecorder,
    private readonly meters: MetersService,
  ) {}

  async create(auth: AuthContext, body: CreateRefuelDto): Promise<RefuelView> {
    const asset = await this.directory.findAssetInService(auth, body.assetId);
    const occurredAt = new Date(body.occurredAt);
    const errors = [];
    if (!asset) errors.push({ path: 'assetId', message: `No asset ${body.assetId} among your assets` });
    if (occurredAt.getTime() > Date.now() + 5 * 60_000) errors.push({ path: 'occurredAt', message: 'occurredAt is in the future' });
    if (
      body.pricePerLiter !== undefined &&
      body.totalCost !== undefined &&
      Math.abs(round2(body.pricePerLiter * body.liters) - body.totalCost) > Math.max(1, body.totalCost * 0.01)
    ) {
      errors.push({ path: 'totalCost', message: 'totalCost is not liters × pricePerLiter: send one of them, or both agreeing' });
    }
    if (errors.length > 0 || !asset) throw validationFailed(errors);
    const pricePerLiter = body.pricePerLiter ?? (body.totalCost !== undefined ? round2(body.totalCost / body.liters) : null);
    const totalCost = body.totalCost ?? (body.pricePerLiter !== undefined ? round2(body.pricePerLiter * body.liters) : null);
    const tariff = asset.fuel ? await this.tariffs.findById(auth, asset.fuel.tariffId.toHexString()) : null;
    const [tariffPricePerLiter, fromVehicle, meterKm] = await Promise.all([
      tariff ? this.prices.priceAt(auth, tariff, occurredAt) : null,
      body.location ? this.whereabouts.distanceAt(auth, asset, body.location, occurredAt, FIX_WITHIN_S) : null,
      body.odometerKm !== undefined ? this.meters.odometerAt(auth, asset._id, occurredAt) : null,
    ]);
    const odometer = body.odometerKm !== undefined && meterKm !== null ? { typedKm: body.odometerKm, meterKm } : null;
    const { anomalies, checks } = refuelAnomalies({
      liters: body.liters,
      pricePerLiter,
      tankCapacityL: asset.fuel?.tankCapacityL ?? null,
      tariffPricePerLiter,
      fromVehicle,
      odometer,
    });
    const refuel = await this.refuels.create(auth, {
      assetId: asset._id,
      occurredAt,
      liters: body.liters,
      pricePerLiter,
      totalCost,
      odometerKm: body.odometerKm ?? null,
      station: body.station ?? null,
      location: body.location ? { lat: body.location.lat, lng: body.location.lng } : null,
      anomalies,
      checks,
      createdBy: auth.userId,
      createdAt: new Date(),
    });
    // The fuel report counts refuels: its cached files are stale now.
    await this.exportCache.invalidate(auth, `refuel:${refuel._id.toHexString()}`);
    const view = toRefuelView(refuel);
    await this.activity.created(
      auth,
      { type: 'refuel', id: refuel._id },
      `Refuel of ${body.liters} L recorded for ${asset.name}${anomalies.length ? ` (${anomalies.join(', ')})` : ''}`,
      view,
    );
    return view;
  }

  list(auth: AuthContext, query: ListRefuelsDto): Promise<Page<Stored<Refuel>>> {
    const filter: TenantQuery<Refuel> = {};
    if (query.assetId) filter.assetId = new Types.ObjectId(query.assetId);
    if (query.from || query.to)
      filter.occurredAt = { ...(query.from ? { $gte: new Date(query.from) } : {}), ...(query.to ? { $lte: new Date(query.to) } : {}) };
    if (query.anomaly) filter.anomalies = query.anomaly;
    return this.refuels.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }

  async get(auth: AuthContext, id: string): Promise<RefuelView> {
    return toRefuelView(await this.refuels.findByIdOrFail(auth, id, 'Refuel'));
  }

  /**
   * The refuels of assets in a period, oldest first, each with what it cost: its total, else its
   * litres at its asset's tariff's price then (null without either) — the fuel report.
   */
  async ofAssets(scope: TrackedScope, assets: readonly StoredAsset[], from: Date, to: Date): Promise<Array<Stored<Refuel> & { cost: number | null }>> {
    if (assets.length === 0) return [];
    const found = await this.refuels.find(
      scope,
      { assetId: { $in: assets.map((asset) => asset._id) }, occurredAt: { $gte: from, $lte: to } },
      { sort: { occurredAt: 1, _id: 1 } },
    );
    const tariffOf = new Map(assets.filter((asset) => asset.fuel).map((asset) => [asset._id.toHexString(), asset.fuel!.tariffId.toHexString()]));
    const tariffs = new Map((await this.tariffs.findByIds(scope, [...new Set(tariffOf.values())])).map((tariff) => [tariff._id.toHexString(), tariff]));
    const tariffOfRefuel = (refuel: Stored<Refuel>) => tariffs.get(tariffOf.get(refuel.assetId.toHexString()) ?? '');
    const priced = found.filter((refuel) => refuel.totalCost === null && tariffOfRefuel(refuel));
    const priceAt = priced.length === 0 ? null : await this.prices.pricesDuring(scope, [...new Set(priced.map((refuel) => tariffOfRefuel(refuel)!))], from, to);
    return found.map((refuel) => {
      if (refuel.totalCost !== null) return { ...refuel, cost: refuel.totalCost };
      const tariff = tariffOfRefuel(refuel);
      return { ...refuel, cost: tariff && priceAt ? round2(refuel.liters * priceAt(tariff, refuel.occurredAt)) : null };
    });
  }

  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const refuel = await this.refuels.findByIdOrFail(auth, id, 'Refuel');
    await this.refuels.deleteRecords(auth, [refuel]);
    await this.exportCache.invalidate(auth, `refuel-deleted:${refuel._id.toHexString()}`);
    await this.activity.deleted(auth, { type: 'refuel', id: refuel._id }, `Refuel of ${refuel.liters} L deleted`, toRefuelView(refuel));
    return { id: refuel._id.toHexString() };
  }
}
