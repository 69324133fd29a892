import { badRequest } from '@app/errors';
import { featureProblem, GeoFileError, readGeoFile, type GeoFileInput } from '@app/geo-files';
import type { PlaceRow, PlaceRowProblem, PlaceRows } from './place-rows';

type Feature = ReturnType<typeof readGeoFile>['features'][number];

/** What a feature's properties may set, under these names (KML's `description` is the notes). */
const TEXT_PROPERTIES = { name: 'name', address: 'address', externalId: 'externalId', notes: 'notes', description: 'notes' } as const;
const NUMBER_PROPERTIES = ['radiusM', 'visitMinutes'] as const;

/**
 * A GeoJSON FeatureCollection, KML or KMZ of places as import rows, feature `i` being row `i + 1`:
 * a Point is the place's pin (its circle `radiusM` from the properties), a Polygon its drawn area
 * (the pin at the middle of its outline). Properties `name`, `address`, `externalId`, `tags` (a
 * list, or text with `;` between tags), `notes` (or KML's `description`), `radiusM`, `visitMinutes`.
 */
export function readFeaturePlaceRows(file: GeoFileInput): PlaceRows {
  let features: Feature[];
  try {
    features = readGeoFile(file, ['geojson', 'kml', 'kmz']).features;
  } catch (error) {
    if (error instanceof GeoFileError) throw badRequest(`The file could not be read: ${error.message}`);
    throw error;
  }
  const rows: PlaceRow[] = [];
  const problems: PlaceRowProblem[] = [];
  features.forEach((feature, index) => {
    const read = placeFields(feature);
    if (typeof read === 'string') problems.push({ row: index + 1, message: read });
    else rows.push({ row: index + 1, fields: read });
  });
  return { rows, problems };
}

function placeFields(feature: Feature): Record<string, unknown> | string {
  const geometry = feature.geometry;
  if (!geometry || (geometry.type !== 'Point' && geometry.type !== 'Polygon')) return 'a place is a Point or a Polygon';
  const problem = featureProblem(feature);
  if (problem) return problem;
  const properties = feature.properties ?? {};
  const fields: Record<string, unknown> =
    geometry.type === 'Point'
      ? { location: geometry }
      : { area: geometry, location: { type: 'Point', coordinates: middleOf(geometry.coordinates[0] as [number, number][]) } };
  for (const [property, field] of Object.entries(TEXT_PROPERTIES)) {
    const value = properties[property];
    if (value !== undefined && value !== null && fields[field] === undefined) fields[field] = typeof value === 'string' ? value.trim() : value;
  }
  for (const property of NUMBER_PROPERTIES) {
    const value = properties[property];
    if (value !== undefined && value !== null && value !== '') fields[property] = typeof value === 'string' ? Number(value) : value;
  }
  const tags = properties.tags;
  if (typeof tags === 'string')
    fields.tags = tags
      .split(';')
      .map((tag) => tag.trim())
      .filter(Boolean);
  else if (tags !== undefined && tags !== null) fields.tags = tags;
  return fields;
}

/** The middle of a ring's box: a pin inside any outline a yard or a customer's lot has. */
function middleOf(ring: readonly [number, number][]): [number, number] {
  const lngs = ring.map(([lng]) => lng);
  const lats = ring.map(([, lat]) => lat);
  return [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}
