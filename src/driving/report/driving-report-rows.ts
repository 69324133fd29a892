import { COLUMN_TITLES, type InEveryLanguage } from '@app/i18n';
import { type ColumnInEveryLanguage, TableRows } from '@app/reports';
import type { DrivingRow } from '../driving-scores.service';

export const DRIVING_REPORT_TITLE: InEveryLanguage<string> = { es: 'Informe de conducción', en: 'Driving report' };
export const DRIVING_REPORT_FILE_STEM: InEveryLanguage<string> = { es: 'informe-conduccion', en: 'driving-report' };

/** The figures of `GET /api/driving-scores`, one row per asset or driver (docs/driving.md, "The driving report"). */
export const DRIVING_COLUMNS: ColumnInEveryLanguage[] = [
  { title: { es: 'Activo / conductor', en: 'Asset / driver' }, width: 24 },
  { title: COLUMN_TITLES.plate, width: 12 },
  { title: { es: 'Puntaje', en: 'Score' }, width: 10 },
  { title: COLUMN_TITLES.distanceKm, width: 14 },
  { title: { es: 'Conducción (h)', en: 'Driving (h)' }, width: 14 },
  { title: { es: 'Aceleraciones /100 km', en: 'Accelerations /100 km' } },
  { title: { es: 'Frenadas /100 km', en: 'Brakings /100 km' } },
  { title: { es: 'Giros /100 km', en: 'Cornerings /100 km' } },
  { title: { es: 'Exceso >10 (%)', en: 'Speeding >10 (%)' }, width: 14 },
  { title: { es: 'Exceso >20 (%)', en: 'Speeding >20 (%)' }, width: 14 },
  { title: { es: 'Exceso >30 (%)', en: 'Speeding >30 (%)' }, width: 14 },
  { title: { es: 'Ralentí (%)', en: 'Idling (%)' }, width: 12 },
  { title: { es: 'Eventos bruscos', en: 'Harsh events' }, width: 14 },
];

/** Hours with two decimals; a share as a percentage with two. */
const hours = (seconds: number) => Math.round(seconds / 36) / 100;
const percent = (share: number) => Math.round(share * 10_000) / 100;

/** One row per asset or driver, as the API answers them (the harsh events: how many, not their ids). */
export function drivingReportRows(rows: readonly DrivingRow[]): TableRows {
  const table = new TableRows();
  for (const row of rows) {
    table.add([
      row.name,
      row.plate,
      row.score,
      row.distanceKm,
      hours(row.drivingSeconds),
      row.per100Km.acceleration,
      row.per100Km.braking,
      row.per100Km.cornering,
      percent(row.speedingShare.over10),
      percent(row.speedingShare.over20),
      percent(row.speedingShare.over30),
      percent(row.idlingShare),
      row.harshEvents,
    ]);
  }
  return table;
}
