import { Permission } from '@app/auth';
import { type TableColumn, TableReportRenderer } from '@app/reports';
import { TemperatureStatsService } from '../../positions';
import type { ReportSource } from './report-source';
import { assetIdsOnly, FLEET_PARAMS } from './source-params';
import { buildTableReport, TableRows } from './table-source';

const COLUMNS: TableColumn[] = [
  { title: 'Activo', width: 22 },
  { title: 'Patente', width: 14 },
  { title: 'Sensor', width: 18 },
  { title: 'Mínima (°C)' },
  { title: 'Máxima (°C)' },
  { title: 'Promedio (°C)' },
  { title: 'Lecturas' },
];

/** Minimum, maximum and average temperature of the period: a row per sensor, then the asset's over all its sensors. */
export function temperatureSource(temperatures: TemperatureStatsService, tables: TableReportRenderer): ReportSource {
  return {
    name: 'temperature',
    permission: Permission.Reports,
    formats: ['xlsx', 'pdf', 'csv'],
    params: FLEET_PARAMS,
    checkParams: assetIdsOnly,
    build: async (auth, params, period, format) => {
      const report = await temperatures.ofRange(auth, params.assetIds as string[], { from: Math.floor(period.from.toSeconds()), to: Math.floor(period.to.toSeconds()) });
      const rows = new TableRows();
      let sensors = 0;
      for (const asset of report.assetsTemperatureStats) {
        for (const s of asset.sensors) rows.add([asset.assetName, asset.licensePlate, s.sensor, s.min, s.max, s.avg, s.count]);
        rows.addTotal([`Total ${asset.assetName}`, asset.licensePlate, `${asset.sensors.length} sensores`, asset.stats.min, asset.stats.max, asset.stats.avg, asset.stats.count]);
        sensors += asset.sensors.length;
      }
      return buildTableReport(tables, auth, { title: 'Informe de temperatura', fileStem: 'informe-temperatura', columns: COLUMNS, rows, count: sensors }, period, format);
    },
  };
}
