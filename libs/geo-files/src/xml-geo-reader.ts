import type { Document, Element } from '@xmldom/xmldom';
import { GeoFileError, type Feature, type FeatureCollection } from './geojson';
import { gpxFeatures } from './gpx-features';
import { kmlToGeoJson } from './togeojson';
import { parseXml } from './xml-document';

/** A KML or GPX file's features (togeojson) and its own name for them. */
export interface XmlGeoContent extends FeatureCollection {
  format: 'kml' | 'gpx';
  name: string | null;
}

const localName = (element: Element | null) => (element?.localName ?? element?.nodeName ?? '').replace(/^.*:/, '');

/**
 * Reads KML or GPX text by its root element (`<kml>`, `<gpx>`): togeojson converts it, placemarks,
 * waypoints, routes and tracks in document order (`accept` throws for a format the caller does not take); placemarks without a geometry stay, with a null one, so every index is the file's.
 */
export function readXmlGeoFile(text: string, accept: (format: 'kml' | 'gpx') => void, label = 'XML'): XmlGeoContent {
  const document = parseXml(text, label);
  const root = localName(document.documentElement);
  const format = root === 'kml' ? 'kml' : root === 'gpx' ? 'gpx' : undefined;
  if (!format) throw new GeoFileError(`The XML file is neither KML nor GPX: its root element is <${root || '?'}>, not <kml> or <gpx>.`);
  accept(format);
  let features: Feature[];
  try {
    features = format === 'kml' ? kmlToGeoJson(document).features : gpxFeatures(document);
  } catch (error) {
    throw new GeoFileError(`The ${format.toUpperCase()} file could not be converted: ${error instanceof Error ? error.message : String(error)}.`);
  }
  return { type: 'FeatureCollection', features, format, name: documentName(document, format) };
}

/** `<kml><Document><name>` (or a top-level Folder's), or `<gpx><metadata><name>`. */
function documentName(document: Document, format: 'kml' | 'gpx'): string | null {
  const holder = format === 'kml' ? firstChild(document.documentElement, ['Document', 'Folder']) : firstChild(document.documentElement, ['metadata']);
  const name = firstChild(holder, ['name'])?.textContent?.trim();
  return name ? name : null;
}

function firstChild(parent: Element | null, names: string[]): Element | null {
  for (let node = parent?.firstChild ?? null; node; node = node.nextSibling) {
    if (node.nodeType === 1 && names.includes(localName(node as Element))) return node as Element;
  }
  return null;
}
