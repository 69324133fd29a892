import { Injectable } from '@nestjs/common';
import { type AuthContext, Permission } from '@app/auth';
import { COLUMN_TITLES, REPORT_WORDS } from '@app/i18n';
import { type ColumnInEveryLanguage, formatDuration, formatLocalTime, TableReportRenderer, TableRows } from '@app/reports';
import { StopsReportService } from '../../positions';
import { type BuiltReport, type ReportFormat, type ReportPeriod, type ReportSource, periodInSeconds, ScheduledReportSource } from './report-source';
import { assetIdsOnly, FLEET_PARAMS } from './source-params';
import { buildTableReport } from './table-source';

const COLUMNS: ColumnInEveryLanguage[] = [
  { title: COLUMN_TITLES.asset, width: 22 },
  { title: COLUMN_TITLES.plate, width: 14 },
  { title: { es: 'Tipo', en: 'Kind' } },
  { title: COLUMN_TITLES.start, width: 20 },
  { title: COLUMN_TITLES.end, width: 20 },
  { title: COLUMN_TITLES.duration },
  { title: { es: 'Dirección', en: 'Address' }, width: 40, wrap: true },
  { title: { es: 'Latitud', en: 'Latitude' } },
  { title: { es: 'Longitud', en: 'Longitude' } },
];

const WORDS = {
  es: {
    kind: { stop: 'Detención', idle: 'Ralentí' },
    counts: (stops: number, idles: number) => `${stops} detenciones, ${idles} ralentí`,
    times: (stopped: string, idling: string) => `detenido ${stopped}, ralentí ${idling}`,
  },
  en: {
    kind: { stop: 'Stop', idle: 'Idling' },
    counts: (stops: number, idles: number) => `${stops} stops, ${idles} idling`,
    times: (stopped: string, idling: string) => `stopped ${stopped}, idling ${idling}`,
  },
} as const;
const TITLE = { es: 'Informe de detenciones', en: 'Stops report' };
const FILE_STEM = { es: 'informe-detenciones', en: 'stops-report' };

/**
 * Stops (still ≥ 5 min) and idling (ignition on while still ≥ 2 min) of the period: one row per
 * period, then a total row per asset (stops and their time, idling and its time).
 */
@Injectable()
@ScheduledReportSource()
export class StopsReportSource implements ReportSource {
  readonly name = 'stops';
  readonly permission = Permission.Reports;
  readonly formats = ['xlsx', 'pdf', 'csv'] as const;
  readonly params = FLEET_PARAMS;

  constructor(
    private readonly stops: StopsReportService,
    private readonly tables: TableReportRenderer,
  ) {}

  checkParams(params: Record<string, unknown>): string | null {
    return assetIdsOnly(params);
  }

  async build(auth: AuthContext, params: Record<string, unknown>, period: ReportPeriod, format: ReportFormat): Promise<BuiltReport> {
    const zone = auth.client.timeZone;
    const words = WORDS[auth.language];
    const report = await this.stops.ofRange(auth, params.assetIds as string[], periodInSeconds(period));
    const rows = new TableRows();
    for (const asset of report.assets) {
      for (const p of asset.periods)
        rows.add([
          asset.assetName,
          asset.licensePlate,
          words.kind[p.type],
          formatLocalTime(p.start, zone, auth.language),
          formatLocalTime(p.end, zone, auth.language),
          formatDuration(p.durationSeconds),
          p.address,
          p.lat,
          p.lng,
        ]);
      const t = asset.totals;
      rows.addTotal([
        `${REPORT_WORDS[auth.language].total} ${asset.assetName}`,
        asset.licensePlate,
        words.counts(t.stops, t.idles),
        null,
        null,
        formatDuration(t.stopSeconds + t.idleSeconds),
        words.times(formatDuration(t.stopSeconds), formatDuration(t.idleSeconds)),
        null,
        null,
      ]);
    }
    const count = report.totals.stops + report.totals.idles;
    return buildTableReport(this.tables, auth, { title: TITLE, fileStem: FILE_STEM, columns: COLUMNS, rows, count }, period, format);
  }
}
