import { startsAsZip } from '@app/zip';
import { GeoFileError, type GeoFileContent, type GeoFileFormat } from './geojson';
import { readGeoJson } from './geojson-reader';
import { kmlFromKmz } from './kmz-reader';
import { readXmlGeoFile } from './xml-geo-reader';

/** The part of an uploaded file read (multer's memory storage). */
export interface GeoFileInput {
  originalname: string;
  buffer: Buffer;
}

export interface GeoFileOptions {
  /** The most a KMZ's KML may inflate to (default 20 MB): read as a DOM, it takes several times that in memory. */
  maxInflatedBytes?: number;
}

export const MAX_INFLATED_BYTES = 20 * 1024 * 1024;

const NAMES: Record<GeoFileFormat, string> = { geojson: 'GeoJSON', kml: 'KML', kmz: 'KMZ', gpx: 'GPX' };

/**
 * A geographic file read by what it holds (a ZIP is a KMZ, `{` GeoJSON, `<` KML or GPX by its root
 * element; the file name only names it in messages) into a FeatureCollection in file order:
 * `features[i]` is the file's feature i. Only the formats in `accepted`; anything unreadable or
 * unsafe throws a GeoFileError a person can act on. Geometries are not checked here: call
 * `featureProblem` per feature, or `assertValidFeatures`.
 */
export function readGeoFile(file: GeoFileInput, accepted: readonly GeoFileFormat[], options: GeoFileOptions = {}): GeoFileContent {
  const expected = `send ${accepted.map((format) => NAMES[format]).join(', ')}`;
  const refuse = (format: GeoFileFormat) => {
    if (!accepted.includes(format)) throw new GeoFileError(`"${file.originalname}" is a ${NAMES[format]} file, not accepted here: ${expected}.`);
  };
  if (file.buffer.length === 0) throw new GeoFileError('The file is empty.');
  if (startsAsZip(file.buffer)) {
    refuse('kmz');
    const text = kmlFromKmz(file.buffer, options.maxInflatedBytes ?? MAX_INFLATED_BYTES);
    const inner = (format: 'kml' | 'gpx') => {
      if (format !== 'kml') throw new GeoFileError('The KMZ archive holds no KML document.');
    };
    return { ...readXmlGeoFile(text, inner, 'KMZ'), format: 'kmz' };
  }
  const text = decodeText(file.buffer);
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') {
    refuse('geojson');
    return { ...readGeoJson(text), format: 'geojson', name: null };
  }
  if (start === '<') {
    return readXmlGeoFile(text, refuse, /\.gpx$/i.test(file.originalname) ? 'GPX' : /\.kml$/i.test(file.originalname) ? 'KML' : 'XML');
  }
  throw new GeoFileError(`"${file.originalname}" is not a geographic file this reads (it starts with neither "{", "<" nor a ZIP header): ${expected}.`);
}

/** UTF-8 text without its byte order mark; a byte that is not UTF-8 is a readable refusal, not mojibake. */
function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    throw new GeoFileError('The file is not UTF-8 text: save it as UTF-8 (GeoJSON, KML and GPX are UTF-8).');
  }
}
