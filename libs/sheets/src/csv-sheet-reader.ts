import { parseString } from '@fast-csv/parse';
import { badRequest } from '@app/errors';
import { CsvEncoding, GridRow, isBlankRow, SheetGrid } from './sheet-grid';

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
// Control characters text never holds (tab, CR and LF are fine); binary data is full of them.
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

export const notText = () => badRequest('The file is neither an .xlsx workbook nor a CSV text file: save the sheet as .xlsx or as CSV and upload it again.');

/**
 * Decodes a CSV file as Chilean spreadsheets write it: UTF-8 with or without a BOM, UTF-16 with
 * its BOM (Excel's "Unicode text"), else Windows-1252 (Excel's "CSV" on a Spanish Windows; it
 * covers Latin-1). Text that is not valid UTF-8 is taken as Windows-1252.
 */
export function decodeCsv(buffer: Buffer): { text: string; encoding: CsvEncoding } {
  const starts = (bom: number[]) => bom.every((byte, index) => buffer[index] === byte);
  if (starts(UTF8_BOM)) return { text: utf8(buffer.subarray(3)) ?? notUtf8(), encoding: 'utf-8-bom' };
  if (starts(UTF16LE_BOM)) return { text: new TextDecoder('utf-16le').decode(buffer.subarray(2)), encoding: 'utf-16le-bom' };
  const text = utf8(buffer);
  if (text !== undefined) return { text, encoding: 'utf-8' };
  return { text: new TextDecoder('windows-1252').decode(buffer), encoding: 'windows-1252' };
}

function utf8(buffer: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return undefined;
  }
}

function notUtf8(): never {
  throw badRequest('The file starts with a UTF-8 mark but is not UTF-8 text: save it again as "CSV UTF-8".');
}

/** The separator of the header line: the most frequent of `;`, `,` and tab outside quotes (`,` on a tie). */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/** A CSV file's rows: decoded, its separator found, parsed by fast-csv (quotes, embedded line breaks). */
export async function readCsvSheet(buffer: Buffer): Promise<SheetGrid> {
  const { text, encoding } = decodeCsv(buffer);
  const controls = text.match(BINARY)?.length ?? 0;
  if (controls > 0 && controls > text.length / 1000) throw notText();
  const delimiter = detectDelimiter(text);
  const rows: GridRow[] = [];
  let number = 0;
  await new Promise<void>((resolve, reject) => {
    parseString(text, { delimiter })
      .on('error', reject)
      .on('data', (cells: string[]) => {
        number += 1;
        if (!isBlankRow(cells)) rows.push({ number, cells });
      })
      .on('end', () => resolve());
  }).catch((error: Error) => {
    throw badRequest(`The CSV file could not be read: ${error.message}`);
  });
  return { format: 'csv', encoding, delimiter, rows };
}
