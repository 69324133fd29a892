import type { Bbox } from './bbox';

const NUMBER = /^-?\d{1,3}(\.\d{1,15})?$/;

/** `minLng,minLat,maxLng,maxLat` as a box, or what is wrong with it. */
export function parseBbox(value: unknown): Bbox | string {
  const parts = typeof value === 'string' ? value.split(',') : [];
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part.trim()))) return 'must be four numbers: minLng,minLat,maxLng,maxLat';
  const box = parts.map(Number) as Bbox;
  if (box.some((n, i) => Math.abs(n) > (i % 2 === 0 ? 180 : 90))) return 'longitudes must be within -180..180 and latitudes within -90..90';
  if (box[0] >= box[2] || box[1] >= box[3]) return 'minLng must be below maxLng and minLat below maxLat';
  return box;
}
