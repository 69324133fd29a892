/** The languages mail bodies are written in (a user's language; Spanish by default). */
export type MailLanguage = 'es' | 'en';

export interface AlertMailInput {
  lang: MailLanguage;
  severity: 'info' | 'warning' | 'critical';
  ruleName: string;
  assetName: string;
  /** Where it happened, in words (an address, a geofence's name), or null. */
  place: string | null;
  occurredAt: Date;
  /** The client's IANA time zone: the time is written in it. */
  timeZone: string;
  /** Where the web app shows the alert: a path below APP_URL (`/alerts/…`) or an absolute URL. */
  link: string;
  /** APP_URL, to make `link` absolute (Mailer.renderAlertMail fills it). */
  appUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const WORDS = {
  es: {
    severity: { info: 'Información', warning: 'Advertencia', critical: 'Crítica' },
    alert: 'Alerta',
    asset: 'Activo',
    rule: 'Regla',
    place: 'Lugar',
    time: 'Hora',
    unknownPlace: 'sin ubicación',
    open: 'Ver la alerta',
    footer: 'Recibe este correo porque es destinatario de la regla de alertas.',
  },
  en: {
    severity: { info: 'Info', warning: 'Warning', critical: 'Critical' },
    alert: 'Alert',
    asset: 'Asset',
    rule: 'Rule',
    place: 'Place',
    time: 'Time',
    unknownPlace: 'no location',
    open: 'Open the alert',
    footer: 'You receive this mail because you are a recipient of the alert rule.',
  },
} as const;

/** A severity in words, as mails write it (the inbox's titles too, in Spanish: one entry serves every recipient). */
export function severityInWords(severity: AlertMailInput['severity'], lang: MailLanguage): string {
  return WORDS[lang].severity[severity];
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The time in the client's zone, e.g. `25-11-2026 03:14:07 (America/Santiago)`. */
function localTime(at: Date, timeZone: string, lang: MailLanguage): string {
  const formatted = new Intl.DateTimeFormat(lang === 'es' ? 'es-CL' : 'en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(at);
  return `${formatted} (${timeZone})`;
}

/**
 * An alert's mail in Spanish or English: the subject names the severity, the rule and the asset;
 * the plain-text and HTML bodies the asset, the place, the time in the client's zone and a link
 * to the web app. Every value is escaped in the HTML.
 */
export function renderAlertMail(input: AlertMailInput): RenderedMail {
  const words = WORDS[input.lang] ?? WORDS.es;
  const severity = words.severity[input.severity];
  const link = /^https?:\/\//.test(input.link) ? input.link : `${input.appUrl.replace(/\/+$/, '')}/${input.link.replace(/^\/+/, '')}`;
  const place = input.place ?? words.unknownPlace;
  const time = localTime(input.occurredAt, input.timeZone, input.lang);
  const subject = `[${severity}] ${input.ruleName}: ${input.assetName}`;
  const rows: Array<[string, string]> = [
    [words.asset, input.assetName],
    [words.rule, input.ruleName],
    [words.place, place],
    [words.time, time],
  ];
  const text = [`${words.alert} ${severity.toLowerCase()}: ${input.ruleName}`, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${words.open}: ${link}`, '', words.footer, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${input.lang}"><body style="font-family:sans-serif">`,
    `<h2>${escapeHtml(`${words.alert} ${severity.toLowerCase()}: ${input.ruleName}`)}</h2>`,
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>`,
    `<p style="color:#777">${escapeHtml(words.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
