import { DateTime } from 'luxon';
import type { ReportLink } from '../files/report-files.service';
import type { BuiltReport, ReportName, ReportPeriod } from '../sources/report-source';

const TITLES: Record<ReportName, string> = {
  trips: 'Informe de viajes',
  fuel: 'Informe de combustible',
  stops: 'Informe de detenciones',
  temperature: 'Informe de temperatura',
  inspections: 'Informe de inspecciones',
  activity: 'Registro de actividad',
  invoices: 'Informe de facturas',
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The mail of a run, in Spanish (one message to every recipient): the schedule's name and the
 * period it covers in the subject, the report and its period in the body, the file attached.
 */
export function reportMail({ name, report, period, file, link = null }: { name: string; report: ReportName; period: ReportPeriod; file: BuiltReport; link?: ReportLink | null }): { subject: string; text: string; html: string } {
  const from = period.from.toFormat('dd-MM-yyyy');
  const to = period.to.toFormat('dd-MM-yyyy');
  const span = from === to ? from : `${from} al ${to}`;
  const rows = file.rows === null ? '' : ` (${file.rows} ${file.rows === 1 ? 'fila' : 'filas'})`;
  const megabytes = (file.body.length / 1024 / 1024).toLocaleString('es-CL', { maximumFractionDigits: 1 });
  const delivery = link
    ? [`El archivo ${file.fileName}${rows} pesa ${megabytes} MB, demasiado para adjuntarlo. Descárguelo hasta el ${DateTime.fromJSDate(link.expiresAt).setZone(period.from.zone).toFormat('dd-MM-yyyy HH:mm')}:`, link.url]
    : [`Adjunto: ${file.fileName}${rows}.`];
  const lines = [`${TITLES[report]} del ${span} (${period.from.zoneName}).`, ...delivery, '', 'Recibe este correo porque es destinatario de un informe programado de la plataforma.'];
  return {
    subject: `${name}: ${span}`,
    text: `${lines.join('\n')}\n`,
    html: `<!doctype html><html lang="es"><body style="font-family:sans-serif">${lines.map((line) => (!line ? '' : line === link?.url ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : `<p>${escapeHtml(line)}</p>`)).join('')}</body></html>`,
  };
}
