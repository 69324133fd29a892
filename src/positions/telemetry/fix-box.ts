/**
 * `[minLat, maxLat, minLng, maxLng]` of a span's located fixes, every one of them (implausible
 * ones too: the box says where fixes are, not where the vehicle drove). An area search skips the
 * hours whose box misses its area without reading their points.
 */
export type FixBox = [number, number, number, number];

/** The box grown to hold a fix. */
export function extendBox(box: FixBox | undefined, lat: number, lng: number): FixBox {
  if (!box) return [lat, lat, lng, lng];
  if (lat < box[0]) box[0] = lat;
  if (lat > box[1]) box[1] = lat;
  if (lng < box[2]) box[2] = lng;
  if (lng > box[3]) box[3] = lng;
  return box;
}

/** The smallest box holding both. */
export const unionBox = (a: FixBox, b: FixBox): FixBox => [Math.min(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.max(a[3], b[3])];

/** Whether two boxes share a point (edges included). */
export const boxesMeet = (a: FixBox, b: FixBox): boolean => a[0] <= b[1] && b[0] <= a[1] && a[2] <= b[3] && b[2] <= a[3];
