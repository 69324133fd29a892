import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import type { StoredAsset } from '@app/fleet';
import { DriverAssignments } from '../../drivers';
import { TripReader } from '../../positions';
import { TripFuelCosts } from '../costs/trip-fuel-costs.service';
import { RefuelsService } from '../refuels/refuels.service';
import {
  fuelReportRow,
  fuelReportTotals,
  sumTrips,
  type FuelReportData,
  type ReportHeader,
  type TripReportAsset,
  type TripReportData,
} from './fleet-report-data';

/** What the trip and fuel reports show: the assets' trips with their fuel costs, and their refuels. */
@Injectable()
export class FleetReportReader {
  constructor(
    private readonly trips: TripReader,
    private readonly tripCosts: TripFuelCosts,
    private readonly refuels: RefuelsService,
    private readonly drivers: DriverAssignments,
  ) {}

  async tripData(auth: AuthContext, header: ReportHeader, assets: StoredAsset[]): Promise<TripReportData> {
    // One read of all the assets' trips and one of their cost entries (not one of each per asset).
    const tracked = assets.filter((asset): asset is StoredAsset & { mainTrackerId: NonNullable<StoredAsset['mainTrackerId']> } => Boolean(asset.mainTrackerId));
    const trips = await this.trips.ofTrackers(
      tracked.map((asset) => asset.mainTrackerId),
      header.from,
      header.to,
      auth.request.requestId,
    );
    const tripsOf = (asset: StoredAsset) => (asset.mainTrackerId ? (trips.get(asset.mainTrackerId.toHexString()) ?? []) : []);
    const fuel = await this.tripCosts.forAssets(
      auth,
      tracked.map((asset) => ({ asset, trackerId: asset.mainTrackerId, trips: tripsOf(asset) })),
    );
    // Every trip's driver in one read of the assets' assignments over the period.
    const moments = assets.flatMap((asset) => tripsOf(asset).map((trip) => ({ assetId: asset._id, at: new Date(trip.begin * 1000) })));
    const labels = await this.drivers.labelsFor(auth, moments);
    let next = 0;
    const rows: TripReportAsset[] = assets.map((asset) => {
      const own = fuel.get(asset._id.toHexString());
      const tripRows = tripsOf(asset).map((trip) => {
        const f = own?.get(trip.id) ?? null;
        return {
          id: trip.id,
          begin: trip.begin,
          end: trip.end,
          driverName: labels[next++].driverName,
          startAddress: trip.startAddress,
          endAddress: trip.endAddress,
          distanceKm: trip.distance,
          durationS: trip.duration,
          maxSpeedKmh: trip.maxSpeed,
          liters: f?.liters ?? null,
          cost: f?.cost ?? null,
        };
      });
      return { assetId: asset._id.toHexString(), name: asset.name, plate: asset.plate ?? null, trips: tripRows, totals: sumTrips(tripRows) };
    });
    const all = rows.map((a) => a.totals);
    return {
      ...header,
      assets: rows,
      totals: sumTrips(
        all,
        all.reduce((n, t) => n + t.trips, 0),
      ),
    };
  }

  async fuelData(auth: AuthContext, header: ReportHeader, assets: StoredAsset[]): Promise<FuelReportData> {
    const [trips, refuels] = await Promise.all([
      this.tripData(auth, header, assets),
      this.refuels.ofAssets(auth, assets, new Date(header.from * 1000), new Date(header.to * 1000 + 999)),
    ]);
    const rows = assets.map((asset, i) =>
      fuelReportRow(
        asset,
        trips.assets[i].totals,
        refuels.filter((r) => r.assetId.equals(asset._id)),
      ),
    );
    return { ...header, rows, totals: fuelReportTotals(rows) };
  }
}
