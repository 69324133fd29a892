import type { NormalizedDriver } from '../import/driver-import-plan';

export type DriverField = keyof NormalizedDriver;

/**
 * The header spellings the preview accepts for each field, Spanish and English. They are
 * compared after `headerKey`: case, accents, spaces, `_`, `-`, `.`, a trailing `*` and a
 * parenthesized note (`Teléfono (opcional)`) do not matter. docs/drivers-users-partner-activity.md lists them.
 */
export const HEADER_SPELLINGS: Record<DriverField, readonly string[]> = {
  firstName: ['nombre', 'nombres', 'primer nombre', 'first name', 'firstname', 'given name'],
  lastName: ['apellido', 'apellidos', 'last name', 'lastname', 'surname', 'family name'],
  rut: ['rut', 'run', 'rut conductor'],
  phone: ['telefono', 'fono', 'celular', 'movil', 'phone', 'phone number', 'telephone', 'mobile', 'cell phone'],
  email: ['correo', 'correo electronico', 'email', 'e mail', 'mail', 'email address', 'e mail address'],
  address: ['direccion', 'domicilio', 'address'],
  city: ['ciudad', 'city', 'town'],
};

/** How the template names the columns (Spanish: the home market's sheets). */
export const TEMPLATE_HEADERS: Record<DriverField, string> = {
  firstName: 'Nombre',
  lastName: 'Apellido',
  rut: 'RUT',
  phone: 'Teléfono',
  email: 'Correo',
  address: 'Dirección',
  city: 'Ciudad',
};

export const REQUIRED_FIELDS: readonly DriverField[] = ['firstName', 'lastName', 'rut'];

const FIELD_BY_KEY = new Map<string, DriverField>(
  (Object.entries(HEADER_SPELLINGS) as Array<[DriverField, readonly string[]]>).flatMap(([field, keys]) => keys.map((key) => [key, field] as const)),
);

/** A header reduced to what matters: `" Teléfono (opcional)* "` → `"telefono"`, `"E-Mail"` → `"e mail"`. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[*:]/g, ' ')
    .replace(/[\s_.-]+/g, ' ')
    .trim();
}

export interface ColumnMap {
  /** The column index (0-based) of each field found. */
  columns: Partial<Record<DriverField, number>>;
  /** Headers that name no field, or a field another column already gave. */
  ignored: Array<{ index: number; header: string; takenBy?: { index: number; header: string } }>;
}

/** Which column holds which field, from the header row. */
export function mapColumns(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = { columns: {}, ignored: [] };
  headers.forEach((header, index) => {
    if (header.trim() === '') return;
    const field = FIELD_BY_KEY.get(headerKey(header));
    const taken = field === undefined ? undefined : map.columns[field];
    if (field === undefined) map.ignored.push({ index, header });
    else if (taken !== undefined) map.ignored.push({ index, header, takenBy: { index: taken, header: headers[taken] } });
    else map.columns[field] = index;
  });
  return map;
}

/** Spreadsheet column letters: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
