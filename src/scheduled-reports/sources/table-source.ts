import type { AuthContext } from '@app/auth';
import type { InEveryLanguage } from '@app/i18n';
import { type ColumnInEveryLanguage, columnsIn, reportPeriodLabel, TABLE_REPORT_CONTENT_TYPES, TableReportRenderer, TableRows } from '@app/reports';
import type { BuiltReport, ReportFormat, ReportPeriod } from './report-source';

/**
 * A table report of a run's period (stops, temperature, inspections) as a file in the caller's
 * language: the period shown in the client's zone, the file named after the report and the period's days.
 */
export async function buildTableReport(
  tables: TableReportRenderer,
  auth: AuthContext,
  report: { title: InEveryLanguage<string>; fileStem: InEveryLanguage<string>; columns: readonly ColumnInEveryLanguage[]; rows: TableRows; count: number },
  period: ReportPeriod,
  format: ReportFormat,
): Promise<BuiltReport> {
  const zone = auth.client.timeZone;
  const from = period.from.setZone(zone);
  const to = period.to.setZone(zone);
  const language = auth.language;
  const body = await tables.render(
    {
      title: report.title[language],
      clientName: auth.client.name,
      timeZone: zone,
      periodLabel: reportPeriodLabel(from, to, language),
      generatedAt: new Date(),
      columns: columnsIn(report.columns, language),
      rows: report.rows.rows,
      isTotal: report.rows.isTotal,
      language,
    },
    format,
  );
  return {
    fileName: `${report.fileStem[language]}_${from.toFormat('yyyy-MM-dd')}_${to.toFormat('yyyy-MM-dd')}.${format}`,
    contentType: TABLE_REPORT_CONTENT_TYPES[format],
    body,
    rows: report.count,
  };
}
