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
export function reportMail({ name, report, period, file }: { name: string; report: ReportName; period: ReportPeriod; file: BuiltReport }): { subject: string; text: string; html: string } {
  const from = period.from.toFormat('dd-MM-yyyy');
  const to = period.to.toFormat('dd-MM-yyyy');
  const span = from === to ? from : `${from} al ${to}`;
  const rows = file.rows === null ? '' : ` (${file.rows} ${file.rows === 1 ? 'fila' : 'filas'})`;
  const lines = [`${TITLES[report]} del ${span} (${period.from.zoneName}).`, `Adjunto: ${file.fileName}${rows}.`, '', 'Recibe este correo porque es destinatario de un informe programado de la plataforma.'];
  return {
    subject: `${name}: ${span}`,
    text: `${lines.join('\n')}\n`,
    html: `<!doctype html><html lang="es"><body style="font-family:sans-serif">${lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('')}</body></html>`,
  };
}
