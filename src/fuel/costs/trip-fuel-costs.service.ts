import { hash } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { Types } from 'mongoose';
import { IDS_PER_QUERY, InjectRepository, isDuplicateKeyError, TenantRepository, type Stored, type TenantScope, type TrackedScope } from '@app/database';
import { AssetDirectory, type StoredAsset } from '@app/fleet';
import { TripFuelHook, type CostedTrip, type TripFuelFigures } from '../../positions';
import { FuelCostEntry } from '../schemas/fuel-cost-entry.schema';
import { pendingPrices } from '../price-change/pending-changes';
import { PriceChangesService } from '../price-change/price-changes.service';
import { fuelCost } from './fuel-cost';

export type TripFuel = TripFuelFigures;
type EntryFigures = Pick<Stored<FuelCostEntry>, '_id' | 'tariffId' | 'liters' | 'pricePerLiter' | 'distanceKm' | 'consumptionLPer100Km'>;

/** What a trip's fuel is read from (and the client, for the tenant check): not its history fields. */
const ENTRY_FIGURES = { clientId: 1, tariffId: 1, liters: 1, pricePerLiter: 1, distanceKm: 1, consumptionLPer100Km: 1 } as const;
export type { CostedTrip };

/** Litres for a distance at a consumption, to the millilitre. */
export function tripLiters(distanceKm: number, consumptionLPer100Km: number): number {
  return Math.round(distanceKm * consumptionLPer100Km * 10) / 1000;
}

/**
 * The id of a trip's cost entry: derived from the asset, the tracker and the trip, so that two
 * readers costing the same trip at once write one entry (the second insert is a duplicate key).
 */
export function tripCostEntryId(assetId: Types.ObjectId, trackerId: Types.ObjectId, tripId: number): Types.ObjectId {
  return new Types.ObjectId(tripCostEntryHex(assetId.toHexString(), trackerId.toHexString(), tripId));
}

/** `tripCostEntryId` in hex: the first 12 bytes of the sha256 of asset, tracker and trip. */
function tripCostEntryHex(assetHex: string, trackerHex: string, tripId: number): string {
  return hash('sha256', `trip:${assetHex}:${trackerHex}:${tripId}`).slice(0, 24);
}

/**
 * Trip costs as entries of the cost history (`fuel_cost_entries`, source `trip`), so the spec's
 * price edit re-values them with every other cost of the tariff. A trip is costed the first time
 * it is read (a list, a lookup, a report): litres from its distance and the asset's consumption,
 * priced at its tariff's price then — the price at the trip's start as re-valued by every price
 * change since (each change re-values the whole history of the tariff, so one price holds for all
 * of a tariff's costs at any moment). While a change is pending its new price is read, as in
 * `FuelCostsService`. An entry keeps the tariff and consumption it was costed with (a later profile
 * change applies to trips costed from then on); a trip whose distance changed since (extended by
 * later or late points) has its litres costed again at that consumption, so fuel follows distance.
 */
@Injectable()
export class TripFuelCosts implements OnModuleInit {
  constructor(
    @InjectRepository(FuelCostEntry) private readonly costs: TenantRepository<FuelCostEntry>,
    private readonly priceChanges: PriceChangesService,
    private readonly directory: AssetDirectory,
    private readonly hook: TripFuelHook,
  ) {}

  onModuleInit(): void {
    this.hook.use((scope, assetId, trackerId, trips) => this.forTrips(scope, assetId, trackerId, trips));
  }

  /** Each trip's fuel (by trip id), or null when the asset has no fuel profile (or no asset). */
  async forTrips(
    scope: TrackedScope,
    assetId: Types.ObjectId | null | undefined,
    trackerId: Types.ObjectId,
    trips: readonly CostedTrip[],
  ): Promise<Map<number, TripFuel | null>> {
    const answer = new Map<number, TripFuel | null>(trips.map((trip) => [trip.id, null]));
    if (!assetId || trips.length === 0) return answer;
    const asset = await this.directory.findAssetInService(scope, assetId.toHexString());
    if (!asset) return answer;
    return (await this.forAssets(scope, [{ asset, trackerId, trips }])).get(asset._id.toHexString()) ?? answer;
  }

  /**
   * The fuel of several assets' trips, by asset id (hex) then trip id (null without a fuel
   * profile): one read of their cost entries for all of them, the missing ones costed per asset.
   * The assets are the caller's own, read in service (a report's).
   */
  async forAssets(
    scope: TenantScope,
    items: ReadonlyArray<{ asset: StoredAsset; trackerId: Types.ObjectId; trips: readonly CostedTrip[] }>,
  ): Promise<Map<string, Map<number, TripFuel | null>>> {
    const answer = new Map<string, Map<number, TripFuel | null>>();
    // The profiled assets' trips side by side (no object per trip: a report has 31 000): each
    // one's cost entry id, the trip, and the asset's answer its figures go to.
    const ids: string[] = [];
    const trips: CostedTrip[] = [];
    const fuelOf: Array<Map<number, TripFuel | null>> = [];
    const profiled: Array<{ asset: StoredAsset; profile: NonNullable<StoredAsset['fuel']>; from: number; to: number }> = [];
    for (const { asset, trackerId, trips: own } of items) {
      const key = asset._id.toHexString();
      const fuel = new Map<number, TripFuel | null>(own.map((trip) => [trip.id, null]));
      answer.set(key, fuel);
      if (!asset.fuel || own.length === 0) continue;
      const tracker = trackerId.toHexString();
      profiled.push({ asset, profile: asset.fuel, from: ids.length, to: ids.length + own.length });
      for (const trip of own) {
        ids.push(tripCostEntryHex(key, tracker, trip.id));
        trips.push(trip);
        fuelOf.push(fuel);
      }
    }
    if (ids.length === 0) return answer;
    const position = new Map(ids.map((id, i) => [id, i]));
    const entries = new Array<EntryFigures | undefined>(ids.length);
    const place = (found: EntryFigures[]) => {
      for (const entry of found) {
        const i = position.get(entry._id.toHexString());
        if (i !== undefined) entries[i] = entry;
      }
    };
    place(await this.entriesByIds(scope, ids));
    const costed: string[] = [];
    for (const { asset, profile, from, to } of profiled) {
      const missing: Array<[string, CostedTrip]> = [];
      for (let i = from; i < to; i++) if (!entries[i]) missing.push([ids[i], trips[i]]);
      if (missing.length === 0) continue;
      await this.costMissing(scope, asset._id, profile, missing);
      costed.push(...missing.map(([id]) => id));
    }
    // Only the entries just written are read again (another reader's, when it wrote one first).
    place(await this.entriesByIds(scope, costed));
    await this.followDistances(scope, entries, trips, profiled);
    const tariffs = new Set<string>();
    for (const entry of entries) if (entry) tariffs.add(entry.tariffId.toHexString());
    const pendingPrice = await this.pendingPrices(scope, [...tariffs]);
    entries.forEach((entry, i) => {
      if (!entry) return;
      const tariffId = entry.tariffId.toHexString();
      const price = pendingPrice.get(tariffId) ?? entry.pricePerLiter;
      fuelOf[i].set(trips[i].id, { liters: entry.liters, cost: fuelCost(entry.liters, price), tariffId });
    });
    return answer;
  }

  /**
   * Entries by id (their figures only), IDS_PER_QUERY ids a query (the embedded server's `$in`
   * grows with its square). The next batch is asked for before this one's answer is decoded, so
   * the database and the app work at once.
   */
  private async entriesByIds(scope: TenantScope, ids: string[]): Promise<EntryFigures[]> {
    const read = (from: number) => this.costs.findByIds(scope, ids.slice(from, from + IDS_PER_QUERY), ENTRY_FIGURES);
    const found: EntryFigures[] = [];
    let next = ids.length > 0 ? read(0) : undefined;
    for (let from = 0; next; from += IDS_PER_QUERY) {
      const current = next;
      next = from + IDS_PER_QUERY < ids.length ? read(from + IDS_PER_QUERY) : undefined;
      // A failed read ends the loop: the one ahead must not be an unhandled rejection then.
      next?.catch(() => undefined);
      found.push(...(await current));
    }
    return found;
  }

  /**
   * Entries whose trip is longer or shorter now than when costed: their litres for the trip's
   * distance at the consumption they were costed with (entries costed before it was kept: at the
   * profile's, and only when the litres differ), written back and answered.
   */
  private async followDistances(
    scope: TenantScope,
    entries: Array<EntryFigures | undefined>,
    trips: readonly CostedTrip[],
    profiled: ReadonlyArray<{ profile: { consumptionLPer100Km: number }; from: number; to: number }>,
  ): Promise<void> {
    const changed: Array<{ entry: EntryFigures; liters: number; distanceKm: number }> = [];
    for (const { profile, from, to } of profiled) {
      for (let i = from; i < to; i++) {
        const entry = entries[i];
        if (!entry || entry.distanceKm === trips[i].distance) continue;
        const consumption = entry.consumptionLPer100Km ?? profile.consumptionLPer100Km;
        const liters = tripLiters(trips[i].distance, consumption);
        if (entry.distanceKm === undefined && Math.abs(liters - entry.liters) < 0.0005) continue;
        changed.push({ entry, liters, distanceKm: trips[i].distance });
        entries[i] = { ...entry, liters, distanceKm: trips[i].distance };
      }
    }
    for (const { entry, liters, distanceKm } of changed) await this.costs.updateOne(scope, { _id: entry._id }, { $set: { liters, distanceKm } });
  }

  private async costMissing(
    scope: TenantScope,
    assetId: Types.ObjectId,
    profile: { tariffId: Types.ObjectId; consumptionLPer100Km: number },
    missing: Array<[string, CostedTrip]>,
  ): Promise<void> {
    // At its latest price, a pending change's included: a trip costed while a change runs takes
    // the change's price (its re-valuation may already have passed).
    const priced = await this.priceChanges.current(scope, profile.tariffId);
    if (!priced) return;
    const documents = missing.map(([id, trip]) => ({
      _id: new Types.ObjectId(id),
      tariffId: priced._id,
      source: 'trip' as const,
      occurredAt: new Date(trip.begin * 1000),
      liters: tripLiters(trip.distance, profile.consumptionLPer100Km),
      distanceKm: trip.distance,
      consumptionLPer100Km: profile.consumptionLPer100Km,
      pricePerLiter: priced.pricePerLiter,
      assetId,
      reference: `trip ${trip.id}`,
    }));
    try {
      await this.costs.insertMany(scope, documents, { ordered: false });
    } catch (error) {
      // Another reader costed some of them first: theirs stand.
      if (!isDuplicateKeyError(error)) throw error;
    }
    // A price change committed while these were written may have passed them by: they take its price.
    const now = await this.priceChanges.current(scope, priced._id);
    if (now && String(now.priceRecordId) !== String(priced.priceRecordId)) {
      await this.costs.updateMany(
        scope,
        { _id: { $in: documents.map((d) => d._id) }, priceChangeId: { $ne: now.priceRecordId } },
        { $set: { pricePerLiter: now.pricePerLiter, priceChangeId: now.priceRecordId } },
      );
    }
  }

  private async pendingPrices(scope: TenantScope, tariffIds: string[]): Promise<Map<string, number>> {
    if (tariffIds.length === 0) return new Map();
    return pendingPrices(
      await this.priceChanges.pending(
        scope,
        tariffIds.map((id) => new Types.ObjectId(id)),
      ),
    );
  }
}
