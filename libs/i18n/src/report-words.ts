import type { InEveryLanguage, Language } from './language';

/** What every report file says around its data (cover page, period, page footer), per language. */
export interface ReportWords {
  brand: string;
  client: string;
  period: string;
  generatedAt: string;
  total: string;
  /** A moment to the minute (luxon): `25-11-2026 14:05`, `25/11/2026 14:05`. */
  minuteFormat: string;
  /** A period from one local time to another. */
  between(from: string, to: string): string;
  /** The page number at the right of each page's footer: `Página 2 de 9`. */
  page(page: number | string, pages: number | string): string;
}

export const REPORT_WORDS: Record<Language, ReportWords> = {
  es: {
    brand: 'Plataforma de gestión de flotas',
    client: 'Cliente',
    period: 'Período',
    generatedAt: 'Generado el',
    total: 'Total',
    minuteFormat: 'dd-MM-yyyy HH:mm',
    between: (from, to) => `${from} al ${to}`,
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
  en: {
    brand: 'Fleet management platform',
    client: 'Client',
    period: 'Period',
    generatedAt: 'Generated on',
    total: 'Total',
    minuteFormat: 'dd/MM/yyyy HH:mm',
    between: (from, to) => `${from} to ${to}`,
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
};

/** Column titles that several reports share. */
export const COLUMN_TITLES = {
  asset: { es: 'Activo', en: 'Asset' },
  plate: { es: 'Patente', en: 'Plate' },
  start: { es: 'Inicio', en: 'Start' },
  end: { es: 'Fin', en: 'End' },
  duration: { es: 'Duración', en: 'Duration' },
  distanceKm: { es: 'Distancia (km)', en: 'Distance (km)' },
  costClp: { es: 'Costo ($)', en: 'Cost ($)' },
} satisfies Record<string, InEveryLanguage<string>>;
