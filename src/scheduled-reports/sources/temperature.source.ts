import { Injectable } from '@nestjs/common';
import { type AuthContext, Permission } from '@app/auth';
import { COLUMN_TITLES, REPORT_WORDS } from '@app/i18n';
import { type ColumnInEveryLanguage, TableReportRenderer, TableRows } from '@app/reports';
import { TemperatureStatsService } from '../../positions';
import { type BuiltReport, type ReportFormat, type ReportPeriod, type ReportSource, periodInSeconds, ScheduledReportSource } from './report-source';
import { assetIdsOnly, FLEET_PARAMS } from './source-params';
import { buildTableReport } from './table-source';

const COLUMNS: ColumnInEveryLanguage[] = [
  { title: COLUMN_TITLES.asset, width: 22 },
  { title: COLUMN_TITLES.plate, width: 14 },
  { title: { es: 'Sensor', en: 'Sensor' }, width: 18 },
  { title: { es: 'Mínima (°C)', en: 'Minimum (°C)' } },
  { title: { es: 'Máxima (°C)', en: 'Maximum (°C)' } },
  { title: { es: 'Promedio (°C)', en: 'Average (°C)' } },
  { title: { es: 'Lecturas', en: 'Readings' } },
];
const SENSORS = { es: (n: number) => `${n} sensores`, en: (n: number) => `${n} sensors` };
const TITLE = { es: 'Informe de temperatura', en: 'Temperature report' };
const FILE_STEM = { es: 'informe-temperatura', en: 'temperature-report' };

/** Minimum, maximum and average temperature of the period: a row per sensor, then the asset's over all its sensors. */
@Injectable()
@ScheduledReportSource()
export class TemperatureReportSource implements ReportSource {
  readonly name = 'temperature';
  readonly permission = Permission.Reports;
  readonly formats = ['xlsx', 'pdf', 'csv'] as const;
  readonly params = FLEET_PARAMS;

  constructor(
    private readonly temperatures: TemperatureStatsService,
    private readonly tables: TableReportRenderer,
  ) {}

  checkParams(params: Record<string, unknown>): string | null {
    return assetIdsOnly(params);
  }

  async build(auth: AuthContext, params: Record<string, unknown>, period: ReportPeriod, format: ReportFormat): Promise<BuiltReport> {
    const report = await this.temperatures.ofRange(auth, params.assetIds as string[], periodInSeconds(period));
    const rows = new TableRows();
    let sensors = 0;
    for (const asset of report.assetsTemperatureStats) {
      for (const s of asset.sensors) rows.add([asset.assetName, asset.licensePlate, s.sensor, s.min, s.max, s.avg, s.count]);
      rows.addTotal([
        `${REPORT_WORDS[auth.language].total} ${asset.assetName}`,
        asset.licensePlate,
        SENSORS[auth.language](asset.sensors.length),
        asset.stats.min,
        asset.stats.max,
        asset.stats.avg,
        asset.stats.count,
      ]);
      sensors += asset.sensors.length;
    }
    return buildTableReport(this.tables, auth, { title: TITLE, fileStem: FILE_STEM, columns: COLUMNS, rows, count: sensors }, period, format);
  }
}
