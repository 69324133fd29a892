import { COLUMN_TITLES, type InEveryLanguage, type Language, REPORT_WORDS } from '@app/i18n';
import { type ColumnInEveryLanguage, formatLocalTime, TableRows } from '@app/reports';

export const VISIT_REPORT_TITLE: InEveryLanguage<string> = { es: 'Informe de visitas', en: 'Visits report' };
export const VISIT_REPORT_FILE_STEM: InEveryLanguage<string> = { es: 'informe-visitas', en: 'visits-report' };

/** Asset, plate, place, arrived, departed, dwell (minutes): DESIGN.md, "Places and visits". */
export const VISIT_COLUMNS: ColumnInEveryLanguage[] = [
  { title: COLUMN_TITLES.asset, width: 22 },
  { title: COLUMN_TITLES.plate, width: 14 },
  { title: { es: 'Lugar', en: 'Place' }, width: 30, wrap: true },
  { title: { es: 'Llegada', en: 'Arrived' }, width: 20 },
  { title: { es: 'Salida', en: 'Departed' }, width: 20 },
  { title: { es: 'Permanencia (min)', en: 'Dwell (min)' } },
];

const WORDS = {
  es: { visits: (n: number) => `${n} visitas`, stillThere: 'en el lugar' },
  en: { visits: (n: number) => `${n} visits`, stillThere: 'still there' },
} as const;

/** What a row shows of a visit: names as they are now (the place's as it was, if it was deleted since). */
export interface ReportedVisit {
  assetId: string;
  placeId: string;
  placeName: string;
  /** unix seconds */
  arrivedAt: number;
  departedAt: number | null;
  dwellSeconds: number;
}

export interface ReportedAsset {
  assetId: string;
  name: string;
  plate: string | null;
}

/** Minutes with one decimal. */
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;
const dwellOf = (visits: readonly ReportedVisit[]) => minutes(visits.reduce((sum, v) => sum + v.dwellSeconds, 0));

/**
 * The visit report's rows: the places by name, each with its visits by arrival and then its total
 * row (visits, minutes); then a total row per asset, in the order asked; then the grand total.
 */
export function visitReportRows(assets: readonly ReportedAsset[], visits: readonly ReportedVisit[], zone: string, language: Language): TableRows {
  const words = WORDS[language];
  const total = REPORT_WORDS[language].total;
  const byId = new Map(assets.map((a) => [a.assetId, a]));
  const byPlace = new Map<string, ReportedVisit[]>();
  for (const visit of [...visits].sort((a, b) => a.arrivedAt - b.arrivedAt)) byPlace.set(visit.placeId, [...(byPlace.get(visit.placeId) ?? []), visit]);
  const places = [...byPlace.values()].sort((a, b) => a[0].placeName.localeCompare(b[0].placeName, language) || a[0].placeId.localeCompare(b[0].placeId));
  const rows = new TableRows();
  for (const placeVisits of places) {
    for (const v of placeVisits) {
      const asset = byId.get(v.assetId)!;
      rows.add([
        asset.name,
        asset.plate,
        v.placeName,
        formatLocalTime(v.arrivedAt, zone, language),
        v.departedAt === null ? words.stillThere : formatLocalTime(v.departedAt, zone, language),
        minutes(v.dwellSeconds),
      ]);
    }
    rows.addTotal([`${total} ${placeVisits[0].placeName}`, null, words.visits(placeVisits.length), null, null, dwellOf(placeVisits)]);
  }
  for (const asset of assets) {
    const own = visits.filter((v) => v.assetId === asset.assetId);
    rows.addTotal([`${total} ${asset.name}`, asset.plate, words.visits(own.length), null, null, dwellOf(own)]);
  }
  rows.addTotal([total, null, words.visits(visits.length), null, null, dwellOf(visits)]);
  return rows;
}
