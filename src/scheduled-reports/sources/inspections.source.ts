import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { type AuthContext, Permission, User } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { AssetDirectory } from '@app/fleet';
import { COLUMN_TITLES, REPORT_WORDS } from '@app/i18n';
import { type ColumnInEveryLanguage, formatLocalTime, TableReportRenderer, TableRows } from '@app/reports';
import { InspectionQueriesService } from '../../inspections';
import { type BuiltReport, type ReportFormat, type ReportPeriod, type ReportSource, ScheduledReportSource } from './report-source';
import { unknownParams } from './source-params';
import { buildTableReport } from './table-source';

/** The most a run lists: a period holding more fails with that reason (a narrower schedule, daily say, fits). */
export const MAX_INSPECTION_ROWS = 20_000;

const PARAMS = { critical: '`true`: only inspections with a critical finding' } as const;

const COLUMNS: ColumnInEveryLanguage[] = [
  { title: { es: 'Fecha', en: 'Date' }, width: 20 },
  { title: COLUMN_TITLES.asset, width: 22 },
  { title: COLUMN_TITLES.plate, width: 14 },
  { title: { es: 'Formulario', en: 'Form' }, width: 26 },
  { title: { es: 'Inspector', en: 'Inspector' }, width: 22 },
  { title: { es: 'Crítica', en: 'Critical' } },
  { title: { es: 'Hallazgos críticos', en: 'Critical findings' }, width: 40, wrap: true },
  { title: { es: 'Odómetro (km)', en: 'Odometer (km)' } },
  { title: { es: 'Orden de trabajo', en: 'Work order' }, width: 26 },
];

const WORDS = {
  es: { yes: 'Sí', no: 'No', inspections: (n: number) => `${n} inspecciones`, critical: (n: number) => `${n} críticas` },
  en: { yes: 'Yes', no: 'No', inspections: (n: number) => `${n} inspections`, critical: (n: number) => `${n} critical` },
} as const;
const TITLE = { es: 'Informe de inspecciones', en: 'Inspections report' };
const FILE_STEM = { es: 'informe-inspecciones', en: 'inspections-report' };

function inspectionParams(params: Record<string, unknown>): string | null {
  return unknownParams(params, PARAMS) ?? (params.critical === undefined || params.critical === true ? null : 'params.critical must be true when given');
}

/**
 * The inspections submitted in the period, oldest first, within the owner's trackers: when, what,
 * who, whether critical and on which answers, the odometer given, the work order it opened; a
 * total row with the count and the critical ones.
 */
@Injectable()
@ScheduledReportSource()
export class InspectionsReportSource implements ReportSource {
  readonly name = 'inspections';
  readonly permission = Permission.Inspections;
  readonly formats = ['xlsx', 'pdf', 'csv'] as const;
  readonly params = PARAMS;

  constructor(
    private readonly inspections: InspectionQueriesService,
    private readonly directory: AssetDirectory,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly tables: TableReportRenderer,
  ) {}

  checkParams(params: Record<string, unknown>): string | null {
    return inspectionParams(params);
  }

  async build(auth: AuthContext, params: Record<string, unknown>, period: ReportPeriod, format: ReportFormat): Promise<BuiltReport> {
    const zone = auth.client.timeZone;
    const words = WORDS[auth.language];
    const found = await this.inspections.ofPeriod(auth, period.from.toJSDate(), period.to.toJSDate(), MAX_INSPECTION_ROWS + 1);
    if (found.length > MAX_INSPECTION_ROWS) throw new Error(`the period holds more than ${MAX_INSPECTION_ROWS} inspections: schedule it more often`);
    const listed = params.critical === true ? found.filter((inspection) => inspection.critical) : found;
    const assets = await this.directory.findAssetsByIds(
      auth,
      listed.map((inspection) => inspection.assetId),
    );
    const inspectorIds = [...new Set(listed.map((inspection) => inspection.inspectorId.toHexString()))].map((id) => new Types.ObjectId(id));
    const inspectors = new Map(
      (await this.users.find(auth, { _id: { $in: inspectorIds } }, { projection: { name: 1, clientId: 1 } })).map((user) => [
        user._id.toHexString(),
        user.name,
      ]),
    );
    const rows = new TableRows();
    for (const inspection of listed) {
      const asset = assets.get(inspection.assetId.toHexString());
      const findings = inspection.answers.filter((answer) => answer.critical).map((answer) => answer.label);
      rows.add([
        formatLocalTime(inspection.submittedAt.getTime() / 1000, zone, auth.language),
        asset?.name ?? inspection.assetId.toHexString(),
        asset?.plate ?? null,
        inspection.formName,
        inspectors.get(inspection.inspectorId.toHexString()) ?? null,
        inspection.critical ? words.yes : words.no,
        findings.join(', ') || null,
        inspection.odometerKm ?? null,
        inspection.workOrderId?.toHexString() ?? null,
      ]);
    }
    const critical = listed.filter((inspection) => inspection.critical).length;
    rows.addTotal([REPORT_WORDS[auth.language].total, null, null, words.inspections(listed.length), null, words.critical(critical), null, null, null]);
    return buildTableReport(this.tables, auth, { title: TITLE, fileStem: FILE_STEM, columns: COLUMNS, rows, count: listed.length }, period, format);
  }
}
