import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { CLP_FORMAT, html, renderCoverPage, renderReportDocument, safeCellText, styleHeaderRow, styleTotalRow } from '@app/reports';
import { REFUEL_ANOMALIES } from '../refuels/refuel.schema';
import { anomalyCount, formatDuration, type FuelReportData, type ReportHeader, type TripReportData } from './fleet-report-data';

export const TRIP_REPORT_TITLE = 'Informe de viajes';
export const FUEL_REPORT_TITLE = 'Informe de combustible';

export const TRIP_COLUMNS = ['Activo', 'Patente', 'Inicio', 'Fin', 'Dirección de inicio', 'Dirección de término', 'Distancia (km)', 'Duración', 'Velocidad máx. (km/h)', 'Litros', 'Costo ($)'];
export const FUEL_COLUMNS = ['Activo', 'Patente', 'Distancia (km)', 'Litros cargados', 'Litros esperados', 'km/L', 'Costo ($)', 'Cargas', 'Anomalías'];
export const TOTAL_LABEL = 'Total';

const localTime = (unixS: number, zone: string) => DateTime.fromSeconds(unixS, { zone }).toFormat('dd-MM-yyyy HH:mm:ss');
const anomalyText = (anomalies: Record<string, number>) =>
  REFUEL_ANOMALIES.filter((a) => anomalies[a] > 0)
    .map((a) => `${a}: ${anomalies[a]}`)
    .join(', ');

/** The trip report as rows of cells (one row per trip, a total row per asset, then the grand total). */
export function tripReportRows(data: TripReportData): Array<Array<string | number | null>> {
  const rows: Array<Array<string | number | null>> = [];
  for (const asset of data.assets) {
    for (const trip of asset.trips) {
      rows.push([asset.name, asset.plate, localTime(trip.begin, data.timeZone), localTime(trip.end, data.timeZone), trip.startAddress, trip.endAddress, trip.distanceKm, formatDuration(trip.durationS), trip.maxSpeedKmh, trip.liters, trip.cost]);
    }
    const t = asset.totals;
    rows.push([`${TOTAL_LABEL} ${asset.name}`, asset.plate, `${t.trips} viajes`, null, null, null, t.distanceKm, formatDuration(t.durationS), null, t.liters, t.cost]);
  }
  const t = data.totals;
  rows.push([TOTAL_LABEL, null, `${t.trips} viajes`, null, null, null, t.distanceKm, formatDuration(t.durationS), null, t.liters, t.cost]);
  return rows;
}

export function fuelReportRows(data: FuelReportData): Array<Array<string | number | null>> {
  const rows: Array<Array<string | number | null>> = data.rows.map((r) => [r.name, r.plate, r.distanceKm, r.refuelledL, r.expectedL, r.kmPerL, r.cost, r.refuels, anomalyText(r.anomalies)]);
  const t = data.totals;
  rows.push([TOTAL_LABEL, null, t.distanceKm, t.refuelledL, t.expectedL, t.kmPerL, t.cost, t.refuels, String(t.anomalies)]);
  return rows;
}

/** RFC 4180, comma separated, a header line; text cells kept from being read as formulas. */
export function writeCsv(columns: string[], rows: Array<Array<string | number | null>>): Buffer {
  const cell = (value: string | number | null) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const text = safeCellText(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from(`${[columns, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export async function writeWorkbook(sheetName: string, columns: string[], rows: Array<Array<string | number | null>>, moneyColumns: number[], totalRows: (row: Array<string | number | null>) => boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  styleHeaderRow(sheet.addRow(columns));
  for (const values of rows) {
    const row = sheet.addRow(values.map((v) => (typeof v === 'string' ? safeCellText(v) : v)));
    for (const column of moneyColumns) row.getCell(column + 1).numFmt = CLP_FORMAT;
    if (totalRows(values)) styleTotalRow(row);
  }
  sheet.columns.forEach((column, i) => (column.width = i < 2 ? 22 : i >= 4 && i <= 5 && columns === TRIP_COLUMNS ? 40 : 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const STYLES = `
h2 { font-size: 13pt; color: #10263d; margin: 0 0 4mm; }
table.detail th { background: #1f4e79; color: #fff; padding: 1.4mm 1.5mm; text-align: left; font-size: 7.5pt; }
table.detail td { padding: 0.8mm 1.5mm; border-bottom: 1px solid #e3e3e3; font-size: 7.5pt; white-space: nowrap; }
table.detail td.wrap { white-space: normal; min-width: 35mm; }
table.detail td.num { text-align: right; white-space: nowrap; }
table.detail tr.totals td { font-weight: bold; background: #ddebf7; border-top: 1.5px solid #1f4e79; }
`;

export function reportHtml(title: string, header: ReportHeader, columns: string[], rows: Array<Array<string | number | null>>, isTotal: (row: Array<string | number | null>) => boolean): string {
  const fmt = (v: string | number | null) => (v === null ? '' : typeof v === 'number' ? v.toLocaleString('es-CL', { maximumFractionDigits: 3 }) : v);
  const body = html`<h2>${title}</h2><table class="detail"><thead><tr>${columns.map((c) => html`<th>${c}</th>`)}</tr></thead>
<tbody>${rows.map((row) => html`<tr class="${isTotal(row) ? 'totals' : ''}">${row.map((v, i) => html`<td class="${typeof v === 'number' ? 'num' : columns[i].startsWith('Dirección') ? 'wrap' : ''}">${fmt(v)}</td>`)}</tr>`)}</tbody></table>`;
  return renderReportDocument({
    title: `${title} ${header.periodLabel}`,
    cover: renderCoverPage({ clientName: header.clientName, title, periodLabel: header.periodLabel, generatedAt: header.generatedAt, timeZone: header.timeZone }),
    body,
    styles: STYLES,
  });
}
