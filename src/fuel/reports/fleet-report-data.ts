import type { StoredAsset } from '@app/fleet';
import type { Language } from '@app/i18n';
import { REFUEL_ANOMALIES, type RefuelAnomaly } from '../refuels/refuel.schema';

export const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export interface ReportHeader {
  clientName: string;
  timeZone: string;
  /** unix seconds */
  from: number;
  to: number;
  periodLabel: string;
  generatedAt: Date;
  /** The reader's: the file's words, and how it writes times and numbers. */
  language: Language;
}

export interface TripRow {
  id: number;
  begin: number;
  end: number;
  /** Who drove when it began (the assignments as they are when the report is built). */
  driverName: string | null;
  startAddress: string | null;
  endAddress: string | null;
  distanceKm: number;
  durationS: number;
  maxSpeedKmh: number;
  liters: number | null;
  cost: number | null;
}

export interface TripTotals {
  trips: number;
  distanceKm: number;
  durationS: number;
  liters: number;
  cost: number;
}

export interface TripReportAsset {
  assetId: string;
  name: string;
  plate: string | null;
  trips: TripRow[];
  totals: TripTotals;
}

export interface TripReportData extends ReportHeader {
  assets: TripReportAsset[];
  totals: TripTotals;
}

export interface FuelReportRow {
  assetId: string;
  name: string;
  plate: string | null;
  distanceKm: number;
  refuelledL: number;
  /** From the trips' costs (distance × consumption); null without a fuel profile. */
  expectedL: number | null;
  /** Distance over refuelled litres; null when nothing was refuelled. */
  kmPerL: number | null;
  /** What the refuels cost. */
  cost: number;
  refuels: number;
  anomalies: Record<RefuelAnomaly, number>;
}

export interface FuelReportData extends ReportHeader {
  rows: FuelReportRow[];
  totals: { distanceKm: number; refuelledL: number; expectedL: number; kmPerL: number | null; cost: number; refuels: number; anomalies: number };
}

export function sumTrips(
  rows: ReadonlyArray<{ distanceKm: number; durationS: number; liters: number | null; cost: number | null }>,
  trips = rows.length,
): TripTotals {
  return {
    trips,
    distanceKm: round(
      rows.reduce((sum, row) => sum + row.distanceKm, 0),
      3,
    ),
    durationS: rows.reduce((sum, row) => sum + row.durationS, 0),
    liters: round(
      rows.reduce((sum, row) => sum + (row.liters ?? 0), 0),
      3,
    ),
    cost: round(
      rows.reduce((sum, row) => sum + (row.cost ?? 0), 0),
      2,
    ),
  };
}

export function anomalyCount(anomalies: Record<RefuelAnomaly, number>): number {
  return Object.values(anomalies).reduce((sum, n) => sum + n, 0);
}

/** What the fuel report reads of a refuel. */
export interface ReportedRefuel {
  liters: number;
  cost: number | null;
  anomalies: readonly RefuelAnomaly[];
}

/** An asset's fuel row: its trips' distance and expected litres beside what its refuels brought and cost. */
export function fuelReportRow(asset: StoredAsset, trips: TripTotals, refuels: readonly ReportedRefuel[]): FuelReportRow {
  const refuelledL = round(
    refuels.reduce((sum, r) => sum + r.liters, 0),
    3,
  );
  const anomalies = Object.fromEntries(REFUEL_ANOMALIES.map((a) => [a, refuels.filter((r) => r.anomalies.includes(a)).length])) as Record<
    RefuelAnomaly,
    number
  >;
  return {
    assetId: asset._id.toHexString(),
    name: asset.name,
    plate: asset.plate ?? null,
    distanceKm: trips.distanceKm,
    refuelledL,
    expectedL: asset.fuel ? trips.liters : null,
    kmPerL: refuelledL > 0 ? round(trips.distanceKm / refuelledL, 2) : null,
    cost: round(
      refuels.reduce((sum, r) => sum + (r.cost ?? 0), 0),
      2,
    ),
    refuels: refuels.length,
    anomalies,
  };
}

export function fuelReportTotals(rows: readonly FuelReportRow[]): FuelReportData['totals'] {
  const refuelledL = round(
    rows.reduce((s, r) => s + r.refuelledL, 0),
    3,
  );
  // km/L over the assets that refuelled: the others' litres are unknown, and their distance would inflate it.
  const refuelledKm = rows.reduce((s, r) => s + (r.refuelledL > 0 ? r.distanceKm : 0), 0);
  return {
    distanceKm: round(
      rows.reduce((s, r) => s + r.distanceKm, 0),
      3,
    ),
    refuelledL,
    expectedL: round(
      rows.reduce((s, r) => s + (r.expectedL ?? 0), 0),
      3,
    ),
    kmPerL: refuelledL > 0 ? round(refuelledKm / refuelledL, 2) : null,
    cost: round(
      rows.reduce((s, r) => s + r.cost, 0),
      2,
    ),
    refuels: rows.reduce((s, r) => s + r.refuels, 0),
    anomalies: rows.reduce((s, r) => s + anomalyCount(r.anomalies), 0),
  };
}
