import { GeoFileError, type Feature } from './geojson';
import { geometryProblem } from './geometry-problem';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What is wrong with a GeoJSON Feature, or null: `type` "Feature", `properties` an object or null,
 * `id` a string or a number when present, `geometry` null or valid (`geometryProblem`).
 */
export function featureProblem(value: unknown): string | null {
  if (!isObject(value) || value.type !== 'Feature') return 'must be a GeoJSON Feature ({"type": "Feature", "geometry": …, "properties": …})';
  if (value.properties !== null && value.properties !== undefined && !isObject(value.properties)) return 'properties must be an object or null';
  if (value.id !== undefined && typeof value.id !== 'string' && !(typeof value.id === 'number' && Number.isFinite(value.id))) {
    return 'id must be a string or a number';
  }
  return value.geometry === null ? null : geometryProblem(value.geometry);
}

/** The first problem of a list of features, named by its place ("feature 3: …", 1-based), or null. */
export function featuresProblem(features: readonly unknown[]): string | null {
  for (let i = 0; i < features.length; i++) {
    const problem = featureProblem(features[i]);
    if (problem) return `feature ${i + 1}: ${problem}`;
  }
  return null;
}

/** Throws a GeoFileError naming the first feature that is not valid. */
export function assertValidFeatures(features: readonly unknown[]): asserts features is Feature[] {
  const problem = featuresProblem(features);
  if (problem) throw new GeoFileError(problem);
}
