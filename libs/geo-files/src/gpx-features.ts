import type { Document, Element } from '@xmldom/xmldom';
import type { Feature } from './geojson';
import { gpxToGeoJson } from './togeojson';

const GPX_ITEMS = new Set(['wpt', 'rte', 'trk']);

/**
 * A GPX document's waypoints, routes and tracks in document order. togeojson answers all tracks,
 * then routes, then waypoints, and skips one without points: converted one element at a time
 * instead, so that feature i is the file's item i, one without points a feature without geometry.
 */
export function gpxFeatures(document: Document): Feature[] {
  const root = document.documentElement!;
  const features: Feature[] = [];
  for (let node = root.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1 || !GPX_ITEMS.has((node as Element).localName ?? '')) continue;
    const single = document.implementation.createDocument(root.namespaceURI, '', null);
    const holder = single.importNode(root, false);
    holder.appendChild(single.importNode(node, true));
    single.appendChild(holder);
    const [feature] = gpxToGeoJson(single).features;
    features.push(feature ?? { type: 'Feature', geometry: null, properties: { name: childText(node as Element, 'name') } });
  }
  return features;
}

function childText(element: Element, name: string): string | null {
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) return node.textContent?.trim() ?? null;
  }
  return null;
}
