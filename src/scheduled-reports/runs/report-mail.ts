import { DateTime } from 'luxon';
import { humanSize, type Language, localDate } from '@app/i18n';
import type { ReportLink } from '../files/report-files.service';
import type { BuiltReport, ReportName, ReportPeriod } from '../sources/report-source';
import { escapeHtml } from '@app/formats';

const WORDS = {
  es: {
    titles: {
      trips: 'Informe de viajes',
      fuel: 'Informe de combustible',
      stops: 'Informe de detenciones',
      temperature: 'Informe de temperatura',
      inspections: 'Informe de inspecciones',
      activity: 'Registro de actividad',
      invoices: 'Informe de facturas',
      visits: 'Informe de visitas',
      driving: 'Informe de conducción',
    },
    span: (from: string, to: string) => (from === to ? from : `${from} al ${to}`),
    of: 'del',
    rows: (n: number) => `${n} ${n === 1 ? 'fila' : 'filas'}`,
    tooLarge: (file: string, size: string, until: string) => `El archivo ${file} pesa ${size}, demasiado para adjuntarlo. Descárguelo hasta el ${until}:`,
    attached: (file: string) => `Adjunto: ${file}`,
    footer: 'Recibe este correo porque es destinatario de un informe programado de la plataforma.',
  },
  en: {
    titles: {
      trips: 'Trip report',
      fuel: 'Fuel report',
      stops: 'Stops report',
      temperature: 'Temperature report',
      inspections: 'Inspections report',
      activity: 'Activity log',
      invoices: 'Invoice report',
      visits: 'Visits report',
      driving: 'Driving report',
    },
    span: (from: string, to: string) => (from === to ? from : `${from} to ${to}`),
    of: 'of',
    rows: (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`,
    tooLarge: (file: string, size: string, until: string) => `The file ${file} is ${size}, too large to attach. Download it until ${until}:`,
    attached: (file: string) => `Attached: ${file}`,
    footer: 'You receive this mail because you are a recipient of a scheduled report of the platform.',
  },
} as const;

/**
 * The mail of a run to one recipient, in their language: the schedule's name and the period it
 * covers in the subject, the report, its period and its rows in the body, and the file attached —
 * or, too large for a mail, its size (`40 KB`, `12,5 MB`) and its download link.
 */
export function reportMail({
  name,
  report,
  period,
  file,
  link = null,
  lang,
}: {
  name: string;
  report: ReportName;
  period: ReportPeriod;
  file: BuiltReport;
  link?: ReportLink | null;
  lang: Language;
}): { subject: string; text: string; html: string } {
  const words = WORDS[lang];
  const span = words.span(localDate(period.from, lang), localDate(period.to, lang));
  const named = `${file.fileName} (${words.rows(file.rows)})`;
  const delivery = link
    ? [
        words.tooLarge(
          named,
          humanSize(file.body.length, lang),
          `${localDate(DateTime.fromJSDate(link.expiresAt).setZone(period.from.zone), lang)} ${DateTime.fromJSDate(link.expiresAt).setZone(period.from.zone).toFormat('HH:mm')}`,
        ),
        link.url,
      ]
    : [`${words.attached(named)}.`];
  const lines = [`${words.titles[report]} ${words.of} ${span} (${period.from.zoneName}).`, ...delivery, '', words.footer];
  return {
    subject: `${name}: ${span}`,
    text: `${lines.join('\n')}\n`,
    html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">${lines.map((line) => (!line ? '' : line === link?.url ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : `<p>${escapeHtml(line)}</p>`)).join('')}</body></html>`,
  };
}
