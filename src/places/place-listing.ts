import { decodeCursor, encodeCursor, PageRequest, pageSize } from '@app/database';
import type { CompiledPlace } from './compiled-place';
import type { ClientPlaces } from './place-index.service';
import type { LatLng } from './place-distance';
import { searchText } from './place-search';

/** The list's filters other than the distance. */
export interface PlaceFilter {
  q?: string;
  tag?: string;
  externalId?: string;
}

/** One page of place ids, in the list's order, and the cursor of the next. */
export interface IdPage {
  ids: string[];
  /** `near=`: each id's distance from the point, metres. */
  distances?: Map<string, number>;
  nextCursor: string | null;
}

// `near=` pages are ordered by (distance, id): its cursor names that order, so a cursor of the plain list is refused.
const NEAR_ORDER = 'near';

function matcher({ q, tag, externalId }: PlaceFilter): (place: CompiledPlace) => boolean {
  const needle = q === undefined ? undefined : searchText(q);
  return (place) =>
    // A q of no letter or digit (`.*`) holds no word: it finds nothing.
    (needle === undefined || (needle !== '' && place.searchText.includes(needle))) &&
    (tag === undefined || place.tags.includes(tag)) &&
    (externalId === undefined || place.externalId === externalId);
}

/** Newest first: the cursor is the last id, found by binary search, so a deep page costs what the first does. */
export function newestPage(places: ClientPlaces, filter: PlaceFilter, page: PageRequest): IdPage {
  const limit = pageSize(page.limit);
  const list = places.places;
  let start = 0;
  if (page.cursor) {
    const after = decodeCursor(page.cursor, '_id').id.toHexString();
    let [low, high] = [0, list.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (list[middle].id > after) low = middle + 1;
      else high = middle;
    }
    start = low < list.length && list[low].id === after ? low + 1 : low;
  }
  const keep = matcher(filter);
  const found: CompiledPlace[] = [];
  for (let i = start; i < list.length && found.length <= limit; i++) if (keep(list[i])) found.push(list[i]);
  const items = found.slice(0, limit);
  const last = items.at(-1);
  return { ids: items.map((place) => place.id), nextCursor: found.length > limit && last ? encodeCursor({ _id: last.id }, '_id') : null };
}

/** Within `radiusM` of the point, nearest first (ties by id); the cursor is the last place's (distance, id). */
export function nearestPage(places: ClientPlaces, point: LatLng, radiusM: number, filter: PlaceFilter, page: PageRequest): IdPage {
  const limit = pageSize(page.limit);
  const after = page.cursor ? decodeCursor(page.cursor, NEAR_ORDER) : undefined;
  const [afterM, afterId] = after ? [Number(after.value), after.id.toHexString()] : [-1, ''];
  if (after && !Number.isFinite(afterM)) return { ids: [], nextCursor: null };
  const keep = matcher(filter);
  const before = (a: Ranked, b: Ranked) => a.distanceM < b.distanceM || (a.distanceM === b.distanceM && a.place.id < b.place.id);
  // The `limit + 1` nearest beyond the cursor, kept sorted: most candidates are farther than the last kept and cost one comparison.
  const best: Ranked[] = [];
  for (const candidate of places.near(point, radiusM)) {
    if (after && !before({ distanceM: afterM, place: { id: afterId } as CompiledPlace }, candidate)) continue;
    if (best.length > limit && !before(candidate, best[limit])) continue;
    if (!keep(candidate.place)) continue;
    let i = best.length;
    while (i > 0 && before(candidate, best[i - 1])) i--;
    best.splice(i, 0, candidate);
    if (best.length > limit + 1) best.pop();
  }
  const items = best.slice(0, limit);
  const last = items.at(-1);
  return {
    ids: items.map(({ place }) => place.id),
    distances: new Map(items.map(({ place, distanceM }) => [place.id, distanceM])),
    nextCursor: best.length > limit && last ? encodeCursor({ _id: last.place.id, [NEAR_ORDER]: last.distanceM }, NEAR_ORDER) : null,
  };
}

interface Ranked {
  place: CompiledPlace;
  distanceM: number;
}
