import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { AssetDirectory, type StoredAsset } from '@app/fleet';
import { type InEveryLanguage, type Language, REPORT_WORDS } from '@app/i18n';
import {
  type ColumnInEveryLanguage,
  columnsIn,
  reportPeriod,
  reportPeriodLabel,
  TABLE_REPORT_CONTENT_TYPES,
  type TableCell,
  TableReportRenderer,
} from '@app/reports';
import { DriverAssignments } from '../../drivers';
import { FleetReportDto, type FleetReportFormat } from '../dto/fleet-report.dto';
import { TripReportExportCache } from '../export-cache/trip-report-export-cache.service';
import type { ReportHeader } from './fleet-report-data';
import { FleetReportReader } from './fleet-report-reader';
import { FUEL_COLUMNS, FUEL_REPORT_TITLE, fuelReportRows, REPORT_FILE_STEMS, TRIP_COLUMNS, TRIP_REPORT_TITLE, tripReportRows } from './fleet-report.writers';

/** A period ending this close to now may still gain trips: its files are not cached. */
const SETTLING_S = 3600;

export type FleetReportKind = 'trips' | 'fuel';

export interface FleetReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  /** Its data rows: trips (trip report) or assets (fuel report), totals not counted. */
  rows: number;
  cached: boolean;
}

/** The total rows: those whose first cell starts with the language's word for it. */
const totalsIn = (language: Language) => (row: readonly TableCell[]) => typeof row[0] === 'string' && row[0].startsWith(REPORT_WORDS[language].total);

/**
 * The trip and fuel reports (`POST /api/reports/trips|fuel`). A built file is cached per client
 * and parameters in the trip report export cache (`TripReportExportCache`), which the spec's
 * price edit invalidates, as do a refuel recorded or deleted; a period not yet settled (ending
 * less than an hour ago) is built every time.
 */
@Injectable()
export class FleetReportsService {
  constructor(
    private readonly directory: AssetDirectory,
    private readonly reader: FleetReportReader,
    private readonly cache: TripReportExportCache,
    private readonly tables: TableReportRenderer,
    private readonly activity: ActivityRecorder,
    private readonly drivers: DriverAssignments,
  ) {}

  async build(auth: AuthContext, kind: FleetReportKind, body: FleetReportDto): Promise<FleetReportFile> {
    const zone = auth.client.timeZone;
    const { from, to } = reportPeriod(body, zone);
    const assets = await this.directory.findAssetsInServiceOrFail(auth, body.assetIds);
    const language = auth.language;
    const header: ReportHeader = {
      clientName: auth.client.name,
      timeZone: zone,
      from: from.toUnixInteger(),
      to: to.toUnixInteger(),
      periodLabel: reportPeriodLabel(from, to, language),
      generatedAt: new Date(),
      language,
    };
    const fileName = `${REPORT_FILE_STEMS[kind][language]}_${from.toFormat('yyyy-MM-dd')}_${to.toFormat('yyyy-MM-dd')}.${body.format}`;
    const contentType = TABLE_REPORT_CONTENT_TYPES[body.format];
    // The key: what the file shows (assets in the order asked, the instants, the zone and language they are shown in).
    // …and who drove then: an assignment added or removed since makes another file.
    const drivers = await this.drivers.version(auth.clientId);
    const key = [kind, body.format, zone, language, header.from, header.to, `drivers:${drivers}`, ...assets.map((a) => a._id.toHexString())].join('|');
    const cacheable = header.to < Date.now() / 1000 - SETTLING_S;
    if (cacheable) {
      const hit = await this.cache.get(auth, key);
      if (hit) return { fileName, contentType: hit.contentType, body: hit.content, rows: hit.rows, cached: true };
    }
    const generation = await this.cache.generation(auth);
    const built = kind === 'trips' ? await this.tripFile(auth, header, assets, body.format) : await this.fuelFile(auth, header, assets, body.format);
    if (cacheable) await this.cache.put(auth, key, generation, { contentType, content: built.body, rows: built.rows });
    await this.activity.record(auth, {
      action: `${kind === 'trips' ? 'trip' : 'fuel'}_report.generate`,
      resourceType: `${kind === 'trips' ? 'trip' : 'fuel'}_report`,
      summary: `${(kind === 'trips' ? TRIP_REPORT_TITLE : FUEL_REPORT_TITLE)[language]} ${header.periodLabel} generated as ${body.format.toUpperCase()} (${assets.length} assets, ${built.rows} rows)`,
      details: { assetIds: assets.map((a) => a._id.toHexString()), from: from.toISO(), to: to.toISO(), format: body.format, rows: built.rows },
    });
    return { fileName, contentType, body: built.body, rows: built.rows, cached: false };
  }

  private async tripFile(auth: AuthContext, header: ReportHeader, assets: StoredAsset[], format: FleetReportFormat): Promise<{ body: Buffer; rows: number }> {
    const data = await this.reader.tripData(auth, header, assets);
    const rows = tripReportRows(data);
    return { body: await this.render(format, TRIP_REPORT_TITLE, header, TRIP_COLUMNS, rows), rows: data.totals.trips };
  }

  private async fuelFile(auth: AuthContext, header: ReportHeader, assets: StoredAsset[], format: FleetReportFormat): Promise<{ body: Buffer; rows: number }> {
    const data = await this.reader.fuelData(auth, header, assets);
    return { body: await this.render(format, FUEL_REPORT_TITLE, header, FUEL_COLUMNS, fuelReportRows(data)), rows: data.rows.length };
  }

  private async render(
    format: FleetReportFormat,
    title: InEveryLanguage<string>,
    header: ReportHeader,
    columns: readonly ColumnInEveryLanguage[],
    rows: TableCell[][],
  ): Promise<Buffer> {
    const { language } = header;
    // Chromium missing, failing to start or dying mid-report: 503 shape B.
    return this.tables.renderForRequest(
      {
        title: title[language],
        clientName: header.clientName,
        timeZone: header.timeZone,
        periodLabel: header.periodLabel,
        generatedAt: header.generatedAt,
        columns: columnsIn(columns, language),
        rows,
        isTotal: totalsIn(language),
        language,
      },
      format,
    );
  }
}
