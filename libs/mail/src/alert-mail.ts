import { ALERT_WORDS, alertSentence, assetInWords, type AlertStory, type Language, localTime, severityInWords } from '@app/i18n';
import { escapeHtml } from '@app/formats';

export interface AlertMailInput {
  lang: Language;
  story: AlertStory;
  /** Where it happened, in words (a geofence's name, coordinates), or null. */
  place: string | null;
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

/**
 * An alert's mail in the reader's language, its texts those of the inbox (`@app/i18n`): the
 * subject names the severity, the asset, what happened and the rule
 * (`[Crítica] Camión 7: Salió de Bodega Central — Salida fuera de horario`); the plain-text and
 * HTML bodies what happened, the asset, the rule, the place, the time in the client's zone with
 * its offset and a link to the web app. Every value is escaped in the HTML.
 */
export function renderAlertMail({ lang, story, place, link, appUrl }: AlertMailInput): RenderedMail {
  const words = ALERT_WORDS[lang];
  const severity = severityInWords(story.severity, lang);
  const sentence = alertSentence(story, lang);
  const href = /^https?:\/\//.test(link) ? link : `${appUrl.replace(/\/+$/, '')}/${link.replace(/^\/+/, '')}`;
  const subject = `[${severity}] ${story.assetName}: ${sentence} — ${story.ruleName}`;
  const heading = `${words.alert} ${severity.toLowerCase()}: ${story.assetName} — ${sentence}`;
  const rows: Array<[string, string]> = [
    [words.what, sentence],
    [words.asset, assetInWords(story)],
    [words.rule, story.ruleName],
    [words.place, place ?? words.unknownPlace],
    [words.time, localTime(story.event.occurredAt, story.timeZone, lang)],
  ];
  const text = [heading, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${words.open}: ${href}`, '', words.footer, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">`,
    `<h2>${escapeHtml(heading)}</h2>`,
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(href)}">${escapeHtml(words.open)}</a></p>`,
    `<p style="color:#777">${escapeHtml(words.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
