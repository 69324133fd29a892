import { COLUMN_TITLES, type InEveryLanguage, REPORT_WORDS } from '@app/i18n';
import { type ColumnInEveryLanguage, formatDuration, formatLocalTime, type TableCell } from '@app/reports';
import { REFUEL_ANOMALIES } from '../refuels/refuel.schema';
import type { FuelReportData, TripReportData } from './fleet-report-data';

export const TRIP_REPORT_TITLE: InEveryLanguage<string> = { es: 'Informe de viajes', en: 'Trips report' };
export const FUEL_REPORT_TITLE: InEveryLanguage<string> = { es: 'Informe de combustible', en: 'Fuel report' };
export const REPORT_FILE_STEMS = {
  trips: { es: 'informe-viajes', en: 'trips-report' },
  fuel: { es: 'informe-combustible', en: 'fuel-report' },
} satisfies Record<string, InEveryLanguage<string>>;

const ASSET_COLUMNS: ColumnInEveryLanguage[] = [
  { title: COLUMN_TITLES.asset, width: 22 },
  { title: COLUMN_TITLES.plate, width: 22 },
];
export const TRIP_COLUMNS: ColumnInEveryLanguage[] = [
  ...ASSET_COLUMNS,
  { title: COLUMN_TITLES.start },
  { title: COLUMN_TITLES.end },
  { title: { es: 'Conductor', en: 'Driver' }, width: 24 },
  { title: { es: 'Dirección de inicio', en: 'Start address' }, width: 40, wrap: true },
  { title: { es: 'Dirección de término', en: 'End address' }, width: 40, wrap: true },
  { title: COLUMN_TITLES.distanceKm },
  { title: COLUMN_TITLES.duration },
  { title: { es: 'Velocidad máx. (km/h)', en: 'Max. speed (km/h)' } },
  { title: { es: 'Litros', en: 'Litres' } },
  { title: COLUMN_TITLES.costClp, money: true },
];
export const FUEL_COLUMNS: ColumnInEveryLanguage[] = [
  ...ASSET_COLUMNS,
  { title: COLUMN_TITLES.distanceKm },
  { title: { es: 'Litros cargados', en: 'Litres refuelled' } },
  { title: { es: 'Litros esperados', en: 'Litres expected' } },
  { title: { es: 'km/L', en: 'km/L' } },
  { title: COLUMN_TITLES.costClp, money: true },
  { title: { es: 'Cargas', en: 'Refuels' } },
  { title: { es: 'Anomalías', en: 'Anomalies' } },
];
const TRIPS: InEveryLanguage<(n: number) => string> = { es: (n) => `${n} viajes`, en: (n) => `${n} trips` };

const anomalyText = (anomalies: Record<string, number>) =>
  REFUEL_ANOMALIES.filter((a) => anomalies[a] > 0)
    .map((a) => `${a}: ${anomalies[a]}`)
    .join(', ');

/** The trip report as rows of cells (one row per trip, a total row per asset, then the grand total). */
export function tripReportRows(data: TripReportData): TableCell[][] {
  const rows: TableCell[][] = [];
  const { language } = data;
  const total = REPORT_WORDS[language].total;
  for (const asset of data.assets) {
    for (const trip of asset.trips) {
      rows.push([
        asset.name,
        asset.plate,
        formatLocalTime(trip.begin, data.timeZone, language),
        formatLocalTime(trip.end, data.timeZone, language),
        trip.driverName,
        trip.startAddress,
        trip.endAddress,
        trip.distanceKm,
        formatDuration(trip.durationS),
        trip.maxSpeedKmh,
        trip.liters,
        trip.cost,
      ]);
    }
    const t = asset.totals;
    rows.push([
      `${total} ${asset.name}`,
      asset.plate,
      TRIPS[language](t.trips),
      null,
      null,
      null,
      null,
      t.distanceKm,
      formatDuration(t.durationS),
      null,
      t.liters,
      t.cost,
    ]);
  }
  const t = data.totals;
  rows.push([total, null, TRIPS[language](t.trips), null, null, null, null, t.distanceKm, formatDuration(t.durationS), null, t.liters, t.cost]);
  return rows;
}

export function fuelReportRows(data: FuelReportData): TableCell[][] {
  const rows: TableCell[][] = data.rows.map((r) => [
    r.name,
    r.plate,
    r.distanceKm,
    r.refuelledL,
    r.expectedL,
    r.kmPerL,
    r.cost,
    r.refuels,
    anomalyText(r.anomalies),
  ]);
  const t = data.totals;
  rows.push([REPORT_WORDS[data.language].total, null, t.distanceKm, t.refuelledL, t.expectedL, t.kmPerL, t.cost, t.refuels, t.anomalies]);
  return rows;
}
