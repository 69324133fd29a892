import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, TenantRepository, type Stored, type TenantQuery, type TrackedScope } from '@app/database';
import { validationFailed } from '@app/errors';
import { AssetDirectory } from '@app/fleet';
import { haversineKm, PositionHistory } from '../../positions';
import { fuelCost } from '../costs/fuel-cost';
import { CreateRefuelDto, ListRefuelsDto } from '../dto/refuel.dto';
import { TripReportExportCache } from '../export-cache/trip-report-export-cache.service';
import { Refuel } from '../schemas/refuel.schema';
import { FuelTariff } from '../schemas/fuel-tariff.schema';
import { FIX_WITHIN_S, paidPerLiter, refuelAnomalies } from './refuel-anomalies';
import { StoredRefuelWithCost, toRefuelView, type RefuelView } from './refuel.view';

/** A refuel may be dated this far ahead of the server's clock (clock skew). */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * Refuels (`/api/fuel/refuels`): records of an asset, so read and written through the
 * asset-owned repository (client and tracker scope). Anomalies are judged when recorded.
 */
@Injectable()
export class RefuelsService {
  constructor(
    @InjectRepository(Refuel) private readonly refuels: TenantRepository<Refuel>,
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
    private readonly directory: AssetDirectory,
    private readonly positions: PositionHistory,
    private readonly activity: ActivityRecorder,
    private readonly exportCache: TripReportExportCache,
  ) {}

  async create(auth: AuthContext, body: CreateRefuelDto): Promise<RefuelView> {
    const occurredAt = new Date(body.occurredAt);
    if (occurredAt.getTime() > Date.now() + FUTURE_SLACK_MS) throw validationFailed([{ path: 'occurredAt', message: 'occurredAt must not be in the future' }]);
    const asset = await this.directory.findAssetInService(auth, body.assetId);
    if (!asset) throw validationFailed([{ path: 'assetId', message: `no asset ${body.assetId}` }]);
    const refuel = await this.record(auth, asset, { ...body, occurredAt });
    const view = toRefuelView(refuel);
    await this.activity.record(auth, {
      action: 'refuel.create',
      resourceType: 'refuel',
      resourceId: refuel._id,
      summary: `Refuel of ${refuel.liters} L for asset "${asset.name}"${refuel.anomalies.length > 0 ? ` (anomalies: ${refuel.anomalies.join(', ')})` : ''}`,
      after: view,
    });
    return view;
  }

  /** Records a refuel of an asset already checked (the create route, the import). */
  async record(
    auth: AuthContext,
    asset: { _id: Types.ObjectId; mainTrackerId?: Types.ObjectId | null; fuel?: { tariffId: Types.ObjectId; tankCapacityL: number } | null },
    input: Omit<CreateRefuelDto, 'assetId' | 'occurredAt'> & { occurredAt: Date },
  ): Promise<StoredRefuelWithCost> {
    const tariff = asset.fuel ? await this.tariffs.findById(auth, asset.fuel.tariffId.toHexString()) : null;
    const distanceFromVehicleM = input.location ? await this.distanceFromTracker(auth, asset.mainTrackerId ?? null, input.occurredAt, input.location) : null;
    const anomalies = refuelAnomalies({
      liters: input.liters,
      paidPerLiter: paidPerLiter(input),
      tankCapacityL: asset.fuel?.tankCapacityL ?? null,
      tariffPricePerLiter: tariff?.pricePerLiter ?? null,
      distanceFromVehicleM,
    });
    const refuel = await this.refuels.create(auth, {
      assetId: asset._id,
      occurredAt: input.occurredAt,
      liters: input.liters,
      pricePerLiter: input.pricePerLiter ?? null,
      totalCost: input.totalCost ?? null,
      odometerKm: input.odometerKm ?? null,
      station: input.station ?? null,
      location: input.location ? { lat: input.location.lat, lng: input.location.lng } : null,
      tariffId: tariff?._id ?? null,
      anomalies,
      distanceFromVehicleM,
      createdBy: auth.userId,
    });
    // The fuel reports cached for the client may cover it: they are built again.
    await this.exportCache.invalidate(auth, `refuel:${refuel._id.toHexString()}`);
    return (await this.withCosts(auth, [refuel]))[0];
  }

  async get(auth: AuthContext, id: string): Promise<RefuelView> {
    const refuel = await this.refuels.findByIdOrFail(auth, id, 'Refuel');
    return toRefuelView((await this.withCosts(auth, [refuel]))[0]);
  }

  async list(auth: AuthContext, query: ListRefuelsDto): Promise<{ items: RefuelView[]; nextCursor: string | null }> {
    const filter: TenantQuery<Refuel> = {};
    if (query.assetId) {
      // Another client's or an out-of-scope asset lists nothing, as an unknown one.
      const asset = await this.directory.findAssetInService(auth, query.assetId);
      if (!asset) return { items: [], nextCursor: null };
      filter.assetId = asset._id;
    }
    if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw validationFailed([{ path: 'from', message: 'from must not be after to' }]);
    if (query.from || query.to) filter.occurredAt = { ...(query.from ? { $gte: new Date(query.from) } : {}), ...(query.to ? { $lte: new Date(query.to) } : {}) };
    const page: Page<Stored<Refuel>> = await this.refuels.list(auth, filter, { limit: query.limit, cursor: query.cursor }, { sortBy: 'occurredAt' });
    return { items: (await this.withCosts(auth, page.items)).map(toRefuelView), nextCursor: page.nextCursor };
  }

  /** The refuels of assets in a period, oldest first (the fuel report). */
  async ofAssets(scope: TrackedScope, assetIds: readonly Types.ObjectId[], from: Date, to: Date): Promise<StoredRefuelWithCost[]> {
    if (assetIds.length === 0) return [];
    const found = await this.refuels.find(scope, { assetId: { $in: [...assetIds] }, occurredAt: { $gte: from, $lte: to } }, { sort: { occurredAt: 1, _id: 1 } });
    return this.withCosts(scope, found);
  }

  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const refuel = await this.refuels.findByIdOrFail(auth, id, 'Refuel');
    await this.refuels.deleteRecords(auth, [refuel]);
    await this.exportCache.invalidate(auth, `refuel-deleted:${refuel._id.toHexString()}`);
    await this.activity.record(auth, {
      action: 'refuel.delete',
      resourceType: 'refuel',
      resourceId: refuel._id,
      summary: `Refuel of ${refuel.liters} L deleted`,
      before: toRefuelView((await this.withCosts(auth, [refuel]))[0]),
    });
    return { id: refuel._id.toHexString() };
  }

  /** Each refuel with what it cost: the total paid, else litres × the price paid, else × its tariff's current price. */
  private async withCosts(scope: TrackedScope, refuels: Stored<Refuel>[]): Promise<StoredRefuelWithCost[]> {
    const tariffIds = [...new Set(refuels.filter((r) => r.totalCost == null && r.pricePerLiter == null && r.tariffId).map((r) => r.tariffId!.toHexString()))];
    const tariffs = new Map((await this.tariffs.findByIds(scope, tariffIds)).map((t) => [t._id.toHexString(), t.pricePerLiter]));
    return refuels.map((refuel) => {
      let cost: number | null = null;
      if (refuel.totalCost != null) cost = refuel.totalCost;
      else if (refuel.pricePerLiter != null) cost = fuelCost(refuel.liters, refuel.pricePerLiter);
      else if (refuel.tariffId && tariffs.has(refuel.tariffId.toHexString())) cost = fuelCost(refuel.liters, tariffs.get(refuel.tariffId.toHexString())!);
      return { ...refuel, cost };
    });
  }

  private async distanceFromTracker(auth: AuthContext, trackerId: Types.ObjectId | null, at: Date, location: { lat: number; lng: number }): Promise<number | null> {
    if (!trackerId) return null;
    const tracker = (await this.directory.findTrackersByIds(auth, [trackerId])).get(trackerId.toHexString());
    if (!tracker) return null;
    const fix = await this.positions.nearest({ trackerId: tracker._id.toHexString(), vendorId: tracker.vendorId }, at.getTime() / 1000, FIX_WITHIN_S, auth.request.requestId);
    if (!fix) return null;
    return Math.round(haversineKm(fix.lat, fix.lng, location.lat, location.lng) * 1000);
  }
}

