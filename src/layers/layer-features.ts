import { featuresProblem, type Feature } from '@app/geo-files';
import { bboxOf, type Bbox, unionOf } from './geometry/bbox';
import type { Layer } from './schemas/layer.schema';

/** Features a layer may hold, and the size of their JSON: what a map draws smoothly, and well under a MongoDB document. */
export const LAYER_LIMITS = { features: 10_000, bytes: 5 * 1024 * 1024 } as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a layer's `features` (a GeoJSON FeatureCollection), naming the feature; null when valid. */
export function featureCollectionProblem(value: unknown): string | null {
  if (!isObject(value) || value.type !== 'FeatureCollection' || !Array.isArray(value.features)) {
    return 'features must be a GeoJSON FeatureCollection: {"type": "FeatureCollection", "features": [...]}';
  }
  if (value.features.length > LAYER_LIMITS.features) return `a layer holds at most ${LAYER_LIMITS.features} features, not ${value.features.length}`;
  return featuresProblem(value.features);
}

/** Why features that are valid one by one do not fit in a layer, or null. */
export function layerSizeProblem(features: readonly Feature[], json: string): string | null {
  if (features.length > LAYER_LIMITS.features) return `A layer holds at most ${LAYER_LIMITS.features} features; this one has ${features.length}.`;
  const bytes = Buffer.byteLength(json);
  if (bytes > LAYER_LIMITS.bytes) return `A layer holds at most 5 MB of GeoJSON; this one is ${(bytes / 1024 / 1024).toFixed(1)} MB.`;
  return null;
}

/** What a layer stores of valid features: their JSON, each one's box and the layer's. */
export function storedFeatures(features: readonly Feature[]): Pick<Layer, 'featuresJson' | 'featureBboxes' | 'bbox' | 'featureCount'> {
  // Only the members GeoJSON defines: a foreign member (`crs`, `style`) would be stored unchecked.
  const kept = features.map(({ type, id, geometry, properties }) =>
    id === undefined ? { type, geometry, properties: properties ?? null } : { type, id, geometry, properties: properties ?? null },
  );
  const featureBboxes: (Bbox | null)[] = kept.map((feature) => bboxOf(feature.geometry));
  return { featuresJson: JSON.stringify(kept), featureBboxes, bbox: unionOf(featureBboxes), featureCount: kept.length };
}
