import { badRequest } from '@app/errors';
import { TABLE_REPORT_CONTENT_TYPES } from '@app/reports';

export type ReportFormat = 'xlsx' | 'pdf';

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = { xlsx: TABLE_REPORT_CONTENT_TYPES.xlsx, pdf: TABLE_REPORT_CONTENT_TYPES.pdf };

/**
 * `?format=xlsx|pdf` wins; without it the `Accept` header decides between the two media types
 * (highest q, Excel on a tie); anything else, or no header, gives Excel (the default).
 */
export function chooseReportFormat(query: unknown, accept: string | undefined): ReportFormat {
  if (query !== undefined) {
    if (query === 'xlsx' || query === 'pdf') return query;
    throw badRequest('format must be xlsx or pdf');
  }
  const weights = { xlsx: 0, pdf: 0 };
  for (const range of (accept ?? '').split(',')) {
    const [type, ...params] = range.trim().toLowerCase().split(';');
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? 1,
    );
    const weight = Number.isFinite(q) ? q : 0;
    if (type.trim() === REPORT_CONTENT_TYPES.pdf) weights.pdf = Math.max(weights.pdf, weight);
    if (type.trim() === REPORT_CONTENT_TYPES.xlsx) weights.xlsx = Math.max(weights.xlsx, weight);
  }
  return weights.pdf > weights.xlsx ? 'pdf' : 'xlsx';
}
