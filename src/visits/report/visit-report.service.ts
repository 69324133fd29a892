import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, type Stored, type TenantQuery, TenantRepository } from '@app/database';
import { notFound } from '@app/errors';
import { AssetDirectory } from '@app/fleet';
import { columnsIn, reportPeriod, reportPeriodLabel, TABLE_REPORT_CONTENT_TYPES, TableReportRenderer } from '@app/reports';
import { Place } from '../../places';
import { Visit } from '../schemas/visit.schema';
import { toVisitView } from '../visit.view';
import type { VisitReportDto } from './visit-report.dto';
import { type ReportedVisit, VISIT_COLUMNS, VISIT_REPORT_FILE_STEM, VISIT_REPORT_TITLE, visitReportRows } from './visit-report-rows';

export interface VisitReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  /** Its visits (totals not counted). */
  rows: number;
}

/**
 * The visit report (`POST /api/reports/visits`, and the scheduled `visits`): the visits of the
 * assets asked that overlap the period (as `GET /api/visits?from&to` keeps them), at the places
 * asked or every place. Built every time: late messages re-derive visits, so there is no cache.
 */
@Injectable()
export class VisitReportService {
  constructor(
    private readonly directory: AssetDirectory,
    @InjectRepository(Visit) private readonly visits: TenantRepository<Visit>,
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
    private readonly tables: TableReportRenderer,
    private readonly activity: ActivityRecorder,
  ) {}

  async build(auth: AuthContext, body: VisitReportDto): Promise<VisitReportFile> {
    const zone = auth.client.timeZone;
    const language = auth.language;
    const { from, to } = reportPeriod(body, zone);
    const assets = await this.directory.findAssetsInServiceOrFail(auth, body.assetIds);
    const asked = body.placeIds ? await this.placesOrFail(auth, body.placeIds) : null;
    const filter: TenantQuery<Visit> = {
      assetId: { $in: assets.map((a) => a._id) },
      arrivedAt: { $lte: to.toJSDate() },
      $or: [{ departedAt: null }, { departedAt: { $gte: from.toJSDate() } }],
    };
    if (asked) filter.placeId = { $in: asked.map((p) => p._id) };
    const found = await this.visits.find(auth, filter, { sort: { arrivedAt: 1, _id: 1 } });
    const reported = await this.reported(auth, found, asked);
    const rows = visitReportRows(
      assets.map((a) => ({ assetId: a._id.toHexString(), name: a.name, plate: a.plate ?? null })),
      reported,
      zone,
      language,
    );
    const periodLabel = reportPeriodLabel(from, to, language);
    const report = { title: VISIT_REPORT_TITLE[language], clientName: auth.client.name, timeZone: zone, periodLabel, generatedAt: new Date() };
    const file = await this.tables.renderForRequest(
      { ...report, columns: columnsIn(VISIT_COLUMNS, language), rows: rows.rows, isTotal: rows.isTotal, language },
      body.format,
    );
    await this.activity.record(auth, {
      action: 'visit_report.generate',
      resourceType: 'visit_report',
      summary: `${report.title} ${periodLabel} generated as ${body.format.toUpperCase()} (${assets.length} assets, ${reported.length} visits)`,
      details: { assetIds: body.assetIds, placeIds: body.placeIds ?? null, from: from.toISO(), to: to.toISO(), format: body.format, rows: reported.length },
    });
    return {
      fileName: `${VISIT_REPORT_FILE_STEM[language]}_${from.toFormat('yyyy-MM-dd')}_${to.toFormat('yyyy-MM-dd')}.${body.format}`,
      contentType: TABLE_REPORT_CONTENT_TYPES[body.format],
      body: file,
      rows: reported.length,
    };
  }

  /** The places asked, every one the client's: the first that is not is a 404, as an unknown asset is. */
  private async placesOrFail(auth: AuthContext, placeIds: readonly string[]): Promise<Stored<Place>[]> {
    const places = await this.places.findByIds(auth, placeIds);
    const found = new Set(places.map((p) => p._id.toHexString()));
    const missing = placeIds.find((id) => !found.has(id.toLowerCase()));
    if (missing) throw notFound(`Place ${missing}`);
    return places;
  }

  /** The visits as rows show them: the place's name as it is now (as it was, if it was deleted since). */
  private async reported(auth: AuthContext, visits: readonly Stored<Visit>[], asked: Stored<Place>[] | null): Promise<ReportedVisit[]> {
    const places = asked ?? (await this.places.findByIds(auth, [...new Set(visits.map((v) => v.placeId.toHexString()))]));
    const names = new Map(places.map((p) => [p._id.toHexString(), p.name]));
    const now = new Date();
    return visits.map((visit) => {
      const placeId = visit.placeId.toHexString();
      return {
        assetId: visit.assetId.toHexString(),
        placeId,
        placeName: names.get(placeId) ?? visit.placeName ?? '',
        arrivedAt: Math.floor(visit.arrivedAt.getTime() / 1000),
        departedAt: visit.departedAt ? Math.floor(visit.departedAt.getTime() / 1000) : null,
        dwellSeconds: toVisitView(visit, now).dwellSeconds,
      };
    });
  }
}
