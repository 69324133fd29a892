// Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"), plus CR.
const FORMULA_START = /^[=+\-@\t\r\0]/;
// Control characters XML 1.0 cannot hold: left in, they would make the workbook unreadable.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Text from outside (portal data, user input) made safe for a spreadsheet cell: characters XML
 * cannot carry are dropped and a value that could be read as a formula gets a leading `'`, so
 * Excel, LibreOffice and any CSV export show it as text.
 */
export function safeCellText(value: string): string {
  const cleaned = value.replace(XML_INVALID, '');
  return FORMULA_START.test(value) || FORMULA_START.test(cleaned) ? `'${cleaned}` : cleaned;
}
