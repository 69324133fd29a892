import type { Stored } from '@app/database';
import { AreaShape, compileShape, LatLng } from '@app/geo';
import { searchText } from './place-search';
import type { Place } from './schemas/place.schema';

/**
 * A place ready for fixes — its shape (the drawn area, or the circle) and how long a stop there
 * makes a visit — and for the list: its pin, and what the list filters read, so that every page
 * and `near=` are answered from memory (docs/places.md, "Places").
 */
export interface CompiledPlace {
  id: string;
  name: string;
  visitSeconds: number;
  shape: AreaShape;
  /** The pin (`location`): `near=` measures to it. */
  centre: LatLng;
  tags: readonly string[];
  externalId: string | null;
  /** `searchText` of the name and the address, one after the other. */
  searchText: string;
}

export function compilePlace(place: Stored<Place>): CompiledPlace {
  const [lng, lat] = place.location.coordinates;
  return {
    id: place._id.toHexString(),
    name: place.name,
    visitSeconds: place.visitMinutes * 60,
    shape: place.area ? compileShape(place.area, {}) : compileShape(place.location, { radiusM: place.radiusM }),
    centre: { lat, lng },
    tags: place.tags ?? [],
    externalId: place.externalId ?? null,
    searchText: `${searchText(place.name)} |${searchText(place.address ?? '')}`,
  };
}
