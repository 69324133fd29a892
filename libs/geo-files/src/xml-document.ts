import { DOMParser, type Document } from '@xmldom/xmldom';
import { GeoFileError } from './geojson';

// A document type can declare entities that expand a few bytes into gigabytes ("billion laughs")
// or pull in files and URLs (XXE). KML and GPX never need one: refused before any parsing.
const DECLARATIONS = /<!\s*(DOCTYPE|ENTITY)/i;

/**
 * A KML or GPX text parsed by xmldom, or a GeoFileError: a document type or entity declaration is
 * refused unread; any parse error or warning about broken markup stops the parse with xmldom's own
 * description and where it is ("line 3, column 7").
 */
export function parseXml(text: string, what: string): Document {
  if (DECLARATIONS.test(text)) throw new GeoFileError(`The ${what} file declares a DOCTYPE or an ENTITY: XML with a DOCTYPE is refused.`);
  let problem: string | undefined;
  const parser = new DOMParser({
    onError: (level, message, context: { locator?: { lineNumber?: number; columnNumber?: number } } | undefined) => {
      // Warnings are about markup xmldom repairs the way browsers do (an attribute without quotes): read on.
      if (level === 'warning') return;
      const at = context?.locator?.lineNumber ? ` (line ${context.locator.lineNumber}, column ${context.locator.columnNumber ?? 1})` : '';
      problem ??= `${message.replace(/\s+/g, ' ').trim()}${at}`;
      throw new Error(problem);
    },
  });
  try {
    return parser.parseFromString(text, 'text/xml');
  } catch (error) {
    throw new GeoFileError(`The ${what} file is not well-formed XML: ${problem ?? (error instanceof Error ? error.message : String(error))}.`);
  }
}
