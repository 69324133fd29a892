import { DateTime } from 'luxon';
import { type Language, REPORT_WORDS } from '@app/i18n';
import { html, SafeHtml } from '@app/formats';

export interface CoverPage {
  /** The client (company) the report belongs to. */
  clientName: string;
  title: string;
  /** Human-readable period, e.g. `01-01-2026 al 31-01-2026`. */
  periodLabel: string;
  generatedAt: Date;
  /** IANA zone the generation time is shown in (the client's). */
  timeZone: string;
  /** Optional lines under the title (e.g. who asked for it). */
  details?: string[];
  /** The reader's: the cover's words and the generation time's format. */
  language: Language;
}

/** Styles of the cover page; included once by `renderReportDocument`. */
export const COVER_PAGE_STYLES = `
.cover { height: 245mm; display: flex; flex-direction: column; justify-content: center; page-break-after: always; break-after: page; }
.cover .brand { font-size: 11pt; letter-spacing: .2em; text-transform: uppercase; color: #1f4e79; }
.cover h1 { font-size: 28pt; margin: 8mm 0 4mm; color: #10263d; }
.cover .client { font-size: 16pt; margin-bottom: 14mm; }
.cover dl { display: grid; grid-template-columns: 45mm auto; row-gap: 3mm; font-size: 11pt; }
.cover dt { color: #555; }
.cover dd { margin: 0; }
.cover .rule { border-top: 3px solid #1f4e79; width: 40mm; }
`;

/** The cover page every PDF report of the platform starts with: client, title, period, generation date. */
export function renderCoverPage(cover: CoverPage): SafeHtml {
  const words = REPORT_WORDS[cover.language];
  const generated = DateTime.fromJSDate(cover.generatedAt, { zone: cover.timeZone }).toFormat(words.minuteFormat);
  return html`<section class="cover">
  <div class="brand">${words.brand}</div>
  <div class="rule"></div>
  <h1>${cover.title}</h1>
  <div class="client">${cover.clientName}</div>
  <dl>
    <dt>${words.client}</dt><dd>${cover.clientName}</dd>
    <dt>${words.period}</dt><dd>${cover.periodLabel}</dd>
    <dt>${words.generatedAt}</dt><dd>${generated} (${cover.timeZone})</dd>
    ${(cover.details ?? []).map((line) => html`<dt></dt><dd>${line}</dd>`)}
  </dl>
</section>`;
}
