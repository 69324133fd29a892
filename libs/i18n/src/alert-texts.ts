import { eventSentence, type EventFacts } from './event-sentences';
import type { Language } from './language';
import { localTime } from './local-time';

export type SeverityName = 'info' | 'warning' | 'critical';
export type AlertChangeName = 'opened' | 'acknowledged' | 'resolved';

/** An alert as people are told of it: whatever each channel's text says comes from here. */
export interface AlertStory {
  severity: SeverityName;
  ruleName: string;
  assetName: string;
  plate: string | null;
  /** The event that opened it. */
  event: EventFacts & { occurredAt: Date };
  /** The client's IANA zone: times are written in it, with their offset. */
  timeZone: string;
}

/** The words of alert texts, per language. */
export const ALERT_WORDS = {
  es: {
    severity: { info: 'Información', warning: 'Advertencia', critical: 'Crítica' },
    change: { opened: 'Alerta abierta', acknowledged: 'Alerta reconocida', resolved: 'Alerta resuelta' },
    alert: 'Alerta',
    what: 'Qué pasó',
    asset: 'Activo',
    plate: 'Patente',
    rule: 'Regla',
    place: 'Lugar',
    time: 'Hora',
    unknownPlace: 'sin ubicación',
    open: 'Ver la alerta',
    footer: 'Recibe este correo porque es destinatario de la regla de alertas.',
  },
  en: {
    severity: { info: 'Info', warning: 'Warning', critical: 'Critical' },
    change: { opened: 'Alert opened', acknowledged: 'Alert acknowledged', resolved: 'Alert resolved' },
    alert: 'Alert',
    what: 'What happened',
    asset: 'Asset',
    plate: 'Plate',
    rule: 'Rule',
    place: 'Place',
    time: 'Time',
    unknownPlace: 'no location',
    open: 'Open the alert',
    footer: 'You receive this mail because you are a recipient of the alert rule.',
  },
} as const;

/** A severity in words: `Crítica`, `Critical`. */
export const severityInWords = (severity: SeverityName, lang: Language): string => ALERT_WORDS[lang].severity[severity];

/** What happened to whom: `Entró a Bodega Central`. */
export const alertSentence = (story: AlertStory, lang: Language): string => eventSentence(story.event, lang);

/** The asset as people know it: its name, and its plate when it has one (`Camión 7 (KXJP-21)`). */
export const assetInWords = (story: Pick<AlertStory, 'assetName' | 'plate'>): string =>
  story.plate && story.plate !== story.assetName ? `${story.assetName} (${story.plate})` : story.assetName;

/**
 * An alert's inbox entry: the title says the severity, what happened and the asset
 * ("Crítica: Entró a Bodega Central — Camión 7"); the body the time in the client's zone with its
 * offset and the rule.
 */
export function alertInboxTexts(story: AlertStory, lang: Language): { title: string; body: string } {
  const words = ALERT_WORDS[lang];
  return {
    title: `${severityInWords(story.severity, lang)}: ${alertSentence(story, lang)} — ${story.assetName}`,
    body: `${assetInWords(story)}, ${localTime(story.event.occurredAt, story.timeZone, lang)}. ${words.rule}: ${story.ruleName}.`,
  };
}

/** A fleet event in one line, for the webhooks' `summary`: "Camión 7 — Salió de Bodega Central, 25-11-2026 03:14:07 -03:00 (America/Santiago)". */
export function eventSummary(event: EventFacts & { occurredAt: Date; assetName: string }, timeZone: string, lang: Language): string {
  return `${event.assetName} — ${eventSentence(event, lang)}, ${localTime(event.occurredAt, timeZone, lang)}`;
}

/** A change of an alert in one line, for a machine's reader (the webhooks' `summary`): "Alerta abierta: Camión 7 — Entró a Bodega Central, 25-11-2026 03:14:07 -03:00 (America/Santiago)". */
export function alertSummary(story: AlertStory, change: AlertChangeName, lang: Language): string {
  return `${ALERT_WORDS[lang].change[change]}: ${assetInWords(story)} — ${alertSentence(story, lang)}, ${localTime(story.event.occurredAt, story.timeZone, lang)}`;
}
