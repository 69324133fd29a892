import type { AuthContext } from '@app/auth';
import { TABLE_REPORT_CONTENT_TYPES, type TableCell, type TableColumn, TableReportRenderer } from '@app/reports';
import type { BuiltReport, ReportFormat, ReportPeriod } from './report-source';

/** The rows of a table report, and which of them are totals. */
export class TableRows {
  readonly rows: TableCell[][] = [];
  private readonly totals = new Set<TableCell[]>();

  add(row: TableCell[]): void {
    this.rows.push(row);
  }

  addTotal(row: TableCell[]): void {
    this.rows.push(row);
    this.totals.add(row);
  }

  isTotal = (row: readonly TableCell[]): boolean => this.totals.has(row as TableCell[]);
}

/**
 * A table report of a run's period (stops, temperature, inspections) as a file: the period shown
 * in the client's zone, the file named after the report and the period's days.
 */
export async function buildTableReport(
  tables: TableReportRenderer,
  auth: AuthContext,
  report: { title: string; fileStem: string; columns: readonly TableColumn[]; rows: TableRows; count: number },
  period: ReportPeriod,
  format: ReportFormat,
): Promise<BuiltReport> {
  const zone = auth.client.timeZone;
  const from = period.from.setZone(zone);
  const to = period.to.setZone(zone);
  const body = await tables.render(
    {
      title: report.title,
      clientName: auth.client.name,
      timeZone: zone,
      periodLabel: `${from.toFormat('dd-MM-yyyy HH:mm')} al ${to.toFormat('dd-MM-yyyy HH:mm')}`,
      generatedAt: new Date(),
      columns: report.columns,
      rows: report.rows.rows,
      isTotal: report.rows.isTotal,
    },
    format,
  );
  return { fileName: `${report.fileStem}_${from.toFormat('yyyy-MM-dd')}_${to.toFormat('yyyy-MM-dd')}.${format}`, contentType: TABLE_REPORT_CONTENT_TYPES[format], body, rows: report.count };
}
