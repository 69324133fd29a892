import { formatDuration, formatLocalTime, type TableCell, type TableColumn } from '@app/reports';
import { REFUEL_ANOMALIES } from '../refuels/refuel.schema';
import type { FuelReportData, TripReportData } from './fleet-report-data';

export const TRIP_REPORT_TITLE = 'Informe de viajes';
export const FUEL_REPORT_TITLE = 'Informe de combustible';

const ASSET_COLUMNS: TableColumn[] = [{ title: 'Activo', width: 22 }, { title: 'Patente', width: 22 }];
export const TRIP_COLUMNS: TableColumn[] = [
  ...ASSET_COLUMNS,
  { title: 'Inicio' },
  { title: 'Fin' },
  { title: 'Dirección de inicio', width: 40, wrap: true },
  { title: 'Dirección de término', width: 40, wrap: true },
  { title: 'Distancia (km)' },
  { title: 'Duración' },
  { title: 'Velocidad máx. (km/h)' },
  { title: 'Litros' },
  { title: 'Costo ($)', money: true },
];
export const FUEL_COLUMNS: TableColumn[] = [
  ...ASSET_COLUMNS,
  { title: 'Distancia (km)' },
  { title: 'Litros cargados' },
  { title: 'Litros esperados' },
  { title: 'km/L' },
  { title: 'Costo ($)', money: true },
  { title: 'Cargas' },
  { title: 'Anomalías' },
];
export const TOTAL_LABEL = 'Total';

const anomalyText = (anomalies: Record<string, number>) =>
  REFUEL_ANOMALIES.filter((a) => anomalies[a] > 0)
    .map((a) => `${a}: ${anomalies[a]}`)
    .join(', ');

/** The trip report as rows of cells (one row per trip, a total row per asset, then the grand total). */
export function tripReportRows(data: TripReportData): TableCell[][] {
  const rows: TableCell[][] = [];
  for (const asset of data.assets) {
    for (const trip of asset.trips) {
      rows.push([asset.name, asset.plate, formatLocalTime(trip.begin, data.timeZone), formatLocalTime(trip.end, data.timeZone), trip.startAddress, trip.endAddress, trip.distanceKm, formatDuration(trip.durationS), trip.maxSpeedKmh, trip.liters, trip.cost]);
    }
    const t = asset.totals;
    rows.push([`${TOTAL_LABEL} ${asset.name}`, asset.plate, `${t.trips} viajes`, null, null, null, t.distanceKm, formatDuration(t.durationS), null, t.liters, t.cost]);
  }
  const t = data.totals;
  rows.push([TOTAL_LABEL, null, `${t.trips} viajes`, null, null, null, t.distanceKm, formatDuration(t.durationS), null, t.liters, t.cost]);
  return rows;
}

export function fuelReportRows(data: FuelReportData): TableCell[][] {
  const rows: TableCell[][] = data.rows.map((r) => [r.name, r.plate, r.distanceKm, r.refuelledL, r.expectedL, r.kmPerL, r.cost, r.refuels, anomalyText(r.anomalies)]);
  const t = data.totals;
  rows.push([TOTAL_LABEL, null, t.distanceKm, t.refuelledL, t.expectedL, t.kmPerL, t.cost, t.refuels, t.anomalies]);
  return rows;
}
