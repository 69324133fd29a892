import { Permission } from '@app/auth';
import { formatDuration, formatLocalTime, type TableColumn, TableReportRenderer } from '@app/reports';
import { StopsReportService } from '../../positions';
import type { ReportSource } from './report-source';
import { assetIdsOnly, FLEET_PARAMS } from './source-params';
import { buildTableReport, TableRows } from './table-source';

const COLUMNS: TableColumn[] = [
  { title: 'Activo', width: 22 },
  { title: 'Patente', width: 14 },
  { title: 'Tipo' },
  { title: 'Inicio', width: 20 },
  { title: 'Fin', width: 20 },
  { title: 'Duración' },
  { title: 'Dirección', width: 40, wrap: true },
  { title: 'Latitud' },
  { title: 'Longitud' },
];

const KIND = { stop: 'Detención', idle: 'Ralentí' } as const;

/**
 * Stops (still ≥ 5 min) and idling (ignition on while still ≥ 2 min) of the period: one row per
 * period, then a total row per asset (stops and their time, idling and its time).
 */
export function stopsSource(stops: StopsReportService, tables: TableReportRenderer): ReportSource {
  return {
    name: 'stops',
    permission: Permission.Reports,
    formats: ['xlsx', 'pdf', 'csv'],
    params: FLEET_PARAMS,
    checkParams: assetIdsOnly,
    build: async (auth, params, period, format) => {
      const zone = auth.client.timeZone;
      const report = await stops.ofRange(auth, params.assetIds as string[], { from: Math.floor(period.from.toSeconds()), to: Math.floor(period.to.toSeconds()) });
      const rows = new TableRows();
      for (const asset of report.assets) {
        for (const p of asset.periods) rows.add([asset.assetName, asset.licensePlate, KIND[p.type], formatLocalTime(p.start, zone), formatLocalTime(p.end, zone), formatDuration(p.durationSeconds), p.address, p.lat, p.lng]);
        const t = asset.totals;
        rows.addTotal([`Total ${asset.assetName}`, asset.licensePlate, `${t.stops} detenciones, ${t.idles} ralentí`, null, null, formatDuration(t.stopSeconds + t.idleSeconds), `detenido ${formatDuration(t.stopSeconds)}, ralentí ${formatDuration(t.idleSeconds)}`, null, null]);
      }
      const count = report.totals.stops + report.totals.idles;
      return buildTableReport(tables, auth, { title: 'Informe de detenciones', fileStem: 'informe-detenciones', columns: COLUMNS, rows, count }, period, format);
    },
  };
}
