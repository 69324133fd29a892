import { GeoFileError, type Feature, type FeatureCollection } from './geojson';

const GEOMETRY_TYPE = /^(Multi)?(Point|LineString|Polygon)$|^GeometryCollection$/;
// Keys that reach an object's prototype machinery: dropped while parsing, so no later merge can pollute.
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A GeoJSON text as a FeatureCollection: a collection as it is, a single Feature or a bare
 * geometry wrapped into one. Features keep their order; their geometries are the caller's to check
 * (`featureProblem`), so that an import can report each bad one and keep the others.
 */
export function readGeoJson(text: string): FeatureCollection {
  const value = parseJson(text);
  if (!isObject(value)) throw new GeoFileError('The GeoJSON must be an object: a FeatureCollection, a Feature or a geometry.');
  if (value.type === 'FeatureCollection') {
    if (!Array.isArray(value.features)) throw new GeoFileError('The FeatureCollection has no "features" array.');
    return { type: 'FeatureCollection', features: value.features.map(asFeature) };
  }
  if (value.type === 'Feature') return { type: 'FeatureCollection', features: [asFeature(value, 0)] };
  if (typeof value.type === 'string' && GEOMETRY_TYPE.test(value.type)) {
    return { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: value as unknown as Feature['geometry'], properties: {} }] };
  }
  throw new GeoFileError(`The GeoJSON's type must be FeatureCollection, Feature or a geometry type, not ${JSON.stringify(value.type ?? null)}.`);
}

/** A feature as the file has it, a missing `properties` as null; anything but a Feature object refused by its place. */
function asFeature(value: unknown, index: number): Feature {
  if (!isObject(value) || value.type !== 'Feature') throw new GeoFileError(`feature ${index + 1}: must be a GeoJSON Feature object`);
  return {
    ...(value as unknown as Feature),
    properties: (value.properties ?? null) as Feature['properties'],
    geometry: (value.geometry ?? null) as Feature['geometry'],
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text, (key, value: unknown) => (PROTOTYPE_KEYS.has(key) ? undefined : value));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new GeoFileError(
      `The file is not valid JSON (${where(text, message)}${message.replace(/ in JSON at position \d+.*$|, ".*" is not valid JSON$/s, '')}).`,
    );
  }
}

/** "line 3, column 5: " from V8's "… at position 42", or nothing when it gives none. */
function where(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message);
  if (!position) return '';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  return `line ${line}, column ${before.length - before.lastIndexOf('\n')}: `;
}
