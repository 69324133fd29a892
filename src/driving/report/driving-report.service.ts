import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { columnsIn, reportPeriodLabel, TABLE_REPORT_CONTENT_TYPES, TableReportRenderer } from '@app/reports';
import { drivingPeriod } from '../driving-period';
import { DrivingScores } from '../driving-scores.service';
import type { DrivingReportDto } from './driving-report.dto';
import { DRIVING_COLUMNS, DRIVING_REPORT_FILE_STEM, DRIVING_REPORT_TITLE, drivingReportRows } from './driving-report-rows';

export interface DrivingReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  /** Its rows (assets or drivers). */
  rows: number;
}

/**
 * The driving report (`POST /api/reports/driving`, and the scheduled `driving`): the scores'
 * figures as a workbook or a PDF, the period in the client's time zone, words in the caller's
 * language. Built every time: late messages change the figures.
 */
@Injectable()
export class DrivingReportService {
  constructor(
    private readonly scores: DrivingScores,
    private readonly tables: TableReportRenderer,
    private readonly activity: ActivityRecorder,
  ) {}

  async build(auth: AuthContext, body: DrivingReportDto): Promise<DrivingReportFile> {
    const zone = auth.client.timeZone;
    const language = auth.language;
    const { fromS, toS } = drivingPeriod(body.from, body.to);
    const groupBy = body.groupBy ?? (body.driverIds ? 'driver' : 'asset');
    const rows = await this.scores.rows(auth, { fromS, toS, groupBy, assetIds: body.assetIds, driverIds: body.driverIds });
    const [from, to] = [DateTime.fromSeconds(fromS, { zone }), DateTime.fromSeconds(toS, { zone })];
    const periodLabel = reportPeriodLabel(from, to, language);
    const report = { title: DRIVING_REPORT_TITLE[language], clientName: auth.client.name, timeZone: zone, periodLabel, generatedAt: new Date() };
    const table = drivingReportRows(rows);
    const file = await this.tables.renderForRequest(
      { ...report, columns: columnsIn(DRIVING_COLUMNS, language), rows: table.rows, isTotal: table.isTotal, language },
      body.format,
    );
    await this.activity.record(auth, {
      action: 'driving_report.generate',
      resourceType: 'driving_report',
      summary: `${report.title} ${periodLabel} generated as ${body.format.toUpperCase()} (${rows.length} ${groupBy === 'asset' ? 'assets' : 'drivers'})`,
      details: {
        assetIds: body.assetIds ?? null,
        driverIds: body.driverIds ?? null,
        groupBy,
        from: from.toISO(),
        to: to.toISO(),
        format: body.format,
        rows: rows.length,
      },
    });
    return {
      fileName: `${DRIVING_REPORT_FILE_STEM[language]}_${from.toFormat('yyyy-MM-dd')}_${to.toFormat('yyyy-MM-dd')}.${body.format}`,
      contentType: TABLE_REPORT_CONTENT_TYPES[body.format],
      body: file,
      rows: rows.length,
    };
  }
}
