/** A header reduced to what matters: `" Teléfono (opcional)* "` → `"telefono"`, `"E-Mail"` → `"e mail"`. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[*:/]/g, ' ')
    .replace(/[\s_.-]+/g, ' ')
    .trim();
}

export interface ColumnMap<F extends string> {
  /** The column index (0-based) of each field found. */
  columns: Partial<Record<F, number>>;
  /** Headers that name no field, or a field another column already gave. */
  ignored: Array<{ index: number; header: string; takenBy?: { index: number; header: string } }>;
}

/**
 * Which column holds which field, from the header row, by the spellings each field accepts
 * (compared after `headerKey`: case, accents, spaces, `_`, `-`, `.`, a trailing `*` and a
 * parenthesized note do not matter). The first column naming a field wins.
 */
export function columnMapper<F extends string>(spellings: Readonly<Record<F, readonly string[]>>): (headers: readonly string[]) => ColumnMap<F> {
  const fieldByKey = new Map<string, F>(
    (Object.entries(spellings) as Array<[F, readonly string[]]>).flatMap(([field, keys]) => keys.map((key) => [key, field] as const)),
  );
  return (headers) => {
    const map: ColumnMap<F> = { columns: {}, ignored: [] };
    headers.forEach((header, index) => {
      if (header.trim() === '') return;
      const field = fieldByKey.get(headerKey(header));
      const taken = field === undefined ? undefined : map.columns[field];
      if (field === undefined) map.ignored.push({ index, header });
      else if (taken !== undefined) map.ignored.push({ index, header, takenBy: { index: taken, header: headers[taken] } });
      else map.columns[field] = index;
    });
    return map;
  };
}

/** Spreadsheet column letters: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A cell's number (a decimal comma accepted); undefined when empty or absent, null when not a number. */
export function cellNumber(text: string | undefined): number | undefined | null {
  if (text === undefined || text === '') return undefined;
  const value = Number(/^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text);
  return Number.isFinite(value) ? value : null;
}
