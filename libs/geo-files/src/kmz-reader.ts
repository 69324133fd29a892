import { inflateZipEntry, readZipDirectory, ZipEntryError } from '@app/zip';
import { GeoFileError } from './geojson';

/**
 * The KML text inside a KMZ archive: its first `.kml` entry (`doc.kml` by convention), inflated
 * within `maxBytes`. A truncated or damaged archive, an encrypted entry or one that declares or
 * inflates to more than the bound is refused with what went wrong.
 */
export function kmlFromKmz(buffer: Buffer, maxBytes: number): string {
  const entries = readZipDirectory(buffer);
  if (!entries) throw new GeoFileError('The KMZ archive is truncated or damaged: its ZIP directory is missing. Export it again.');
  const entry = entries.find((candidate) => /\.kml$/i.test(candidate.name) && !candidate.name.endsWith('/'));
  if (!entry) throw new GeoFileError('The KMZ archive holds no .kml file (a KMZ is a ZIP with doc.kml inside).');
  try {
    return inflateZipEntry(buffer, entry, maxBytes).toString('utf8');
  } catch (error) {
    if (!(error instanceof ZipEntryError)) throw error;
    const messages = {
      truncated: `The KMZ archive is truncated: ${entry.name} ends early. Export it again.`,
      'too-large': `The KMZ's ${entry.name} inflates to more than ${maxBytes / 1024 / 1024} MB: too large to read.`,
      damaged: `The KMZ archive is damaged (${error.message}). Export it again.`,
      unsupported: `The KMZ archive cannot be read: ${error.message}.`,
    };
    throw new GeoFileError(messages[error.problem]);
  }
}
