import type { Language } from '@app/i18n';
import type { RefuelAnomaly } from '../refuels/refuel.schema';

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

/** `h:mm:ss` */
